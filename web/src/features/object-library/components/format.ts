export const previewable = (type: string | undefined) =>
  type === 'application/pdf' || (type?.startsWith('image/') === true && type !== 'image/svg+xml');
