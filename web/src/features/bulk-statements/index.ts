// Reports → Statement Printing: bulk statements printed in the background, followed live.
export { StatementPrintingRoute } from './routes/statement-printing-route';
