/** A catalog source's failure: `kind` is 'network', 'http', 'size', 'archive' or 'index' (see
 *  catalog-source.js), `message` says what, for people. */
export class FbclensSourceError extends Error {
  constructor(kind, message) {
    super(message);
    this.name = 'FbclensSourceError';
    this.kind = kind;
  }
}
