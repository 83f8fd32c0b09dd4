export { ObjectLibraryRoute } from './routes/object-library-route';
