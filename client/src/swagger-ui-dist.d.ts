/** swagger-ui-dist ships no types; the API reference page (features/developers) uses its bundle's one function. */
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  interface SwaggerUIOptions {
    domNode: HTMLElement
    url: string
    [option: string]: unknown
  }
  const SwaggerUIBundle: (options: SwaggerUIOptions) => unknown
  export default SwaggerUIBundle
}
