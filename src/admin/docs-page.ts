// GET /_emulator/docs: an interactive page for the admin API (issue 16.9), Swagger UI reading
// /_emulator/docs/json. It reuses the Swagger UI files the public /docs page already serves, so nothing is added
// to the package. The page holds nothing secret; with EMULATOR_ADMIN_TOKEN set, the document it loads needs the
// token and the page says it could not load it.
import type { FastifyPluginAsync } from 'fastify'

const PAGE = `<!doctype html>
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
  <script>window.ui = SwaggerUIBundle({ url: '/_emulator/docs/json', dom_id: '#swagger-ui', deepLinking: true })</script>
</body>
</html>
`

const docsPage: FastifyPluginAsync = async (app) => {
  app.get('/docs', { schema: { hide: true } }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE))
}

export default docsPage
