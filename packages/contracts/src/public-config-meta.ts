/** Name of the <meta> tag carrying the public config. Zod-free so the SPA entry can import it cheaply. */
export const PUBLIC_CONFIG_META_NAME = 'bankmanager-config';
