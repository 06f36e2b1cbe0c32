// Which pages format numbers or dates in the browser while they hydrate, and so pay ICU's
// one-time set-up inside hydration unless instrumentation-client.ts warms it first: the matrix
// (its table's prices and counts) and the scenario builder (new or saved: its results). Every
// other page's figures are rendered on the server.
const HYDRATION_FORMATS = /^\/(matrix|scenarios\/[^/]+)(\/|$)/;

export function hydrationFormats(pathname: string): boolean {
  return HYDRATION_FORMATS.test(pathname);
}
