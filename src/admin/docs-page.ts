// GET /_emulator/docs: an interactive page for the admin API, Swagger UI reading
// /_emulator/docs/json. It reuses the Swagger UI files the public /docs page already serves, so nothing is added
// to the package. The page holds nothing secret. With EMULATOR_ADMIN_TOKEN set, a browser signed in on the demo
// page (a cookie, never the header a browser cannot send) reads the document and tries requests through the demo
// page's forwarder, /_emulator/ui/api/, which adds the token; without that sign-in the document needs the header.
import type { RouteFile } from '../lib/route-file.js'
import { admitted } from './ui/access.js'

const page = (options: string): string => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>drawing-api-emulator admin API</title>
  <link rel="stylesheet" href="/docs/static/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/static/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/static/swagger-ui-bundle.js"></script>
  <script>window.ui = SwaggerUIBundle({ ${options}, dom_id: '#swagger-ui', deepLinking: true })</script>
</body>
</html>
`

const docsPage: RouteFile = async (app) => {
  const direct = page("url: '/_emulator/docs/json'")
  // Every admin path gains the forwarder's prefix, once (the document's own address already has it).
  const forwarded = page("url: '/_emulator/ui/api/docs/json', " +
    "requestInterceptor: (req) => { req.url = req.url.replace(/\\/_emulator\\/(?!ui\\/api\\/)/, '/_emulator/ui/api/'); return req }")
  app.get('/docs', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.adminToken
    const signedIn = token !== undefined && admitted(request, token)
    return reply.type('text/html; charset=utf-8').send(signedIn ? forwarded : direct)
  })
}

export default docsPage
