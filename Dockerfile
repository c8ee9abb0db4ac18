# The production image: the client and the server compiled in a build stage, run with plain
# `node` on production dependencies only, as a non-root user.
#   docker build -t channel-assistant .
# NODE_IMAGE names the base (the official node:26-bookworm-slim; CI here substitutes a local
# equivalent built by scripts/docker/build-local-images.sh).
ARG NODE_IMAGE=node:26-bookworm-slim

# Every dependency (layers kept while package-lock.json does not change).
FROM ${NODE_IMAGE} AS deps-all
# Every stage's image carries the title (the build stage starts from this one), so the compose
# test can prune those an earlier build left behind untagged.
LABEL org.opencontainers.image.title=channel-assistant
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund --loglevel=error

# Production dependencies alone, from the npm cache the stage above filled.
FROM deps-all AS deps
RUN npm ci --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error

# The build: dist/client (vite), dist/server, dist/demo and dist/start.js (esbuild).
FROM deps-all AS build
COPY . .
RUN npm run build

FROM ${NODE_IMAGE}
LABEL org.opencontainers.image.title=channel-assistant
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=4000 \
    DATA_DIR=/data \
    CLIENT_DIST=/app/dist/client
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000
HEALTHCHECK --interval=5s --timeout=3s --start-period=180s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/start.js"]
