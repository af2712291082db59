# syntax=docker/dockerfile:1
# One Dockerfile for both apps, built from the repository's root (the workspaces share one
# package-lock.json and node_modules): docs/decisions/022-deployment.md.
#   docker build --target api -t kindred-api .
#   docker build --target web -t kindred-web .
# The API image also runs the migrate step: `node apps/api/dist/migrate.js` (compose.yaml).

# The Node.js the project pins (package.json's `node` dependency, .nvmrc); a test holds them equal.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Every dependency, for the build. --ignore-scripts: the root package.json's `node` dependency
# would otherwise download a second Node.js (189 MB) by its preinstall script; the image already
# has this very version. No other package we install needs its install script (esbuild's only
# checks the binary its optional dependency brings). The `node` package's stub is removed so
# `npm run` finds the image's Node on the PATH.
FROM ${NODE_IMAGE} AS dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --ignore-scripts --no-audit --no-fund \
  && rm -rf node_modules/node node_modules/.bin/node

FROM dependencies AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
RUN npm run build && rm -rf apps/web/.next/cache

# Production dependencies only (--omit=dev), of one workspace at a time.
FROM ${NODE_IMAGE} AS api-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace @kindred/api \
  && rm -rf node_modules/node node_modules/.bin/node \
  && mkdir -p apps/api/node_modules \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS web-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
COPY packages/contracts/package.json packages/contracts/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund --workspace @kindred/web \
  && rm -rf node_modules/node node_modules/.bin/node \
  && mkdir -p apps/web/node_modules \
  && npm cache clean --force

# The API: the esbuild bundle (our workspace packages are inside it), its migrations and the
# content it seeds from. Runs as the image's unprivileged `node` user.
FROM ${NODE_IMAGE} AS api
ENV NODE_ENV=production \
  API_HOST=0.0.0.0 \
  API_PORT=4000
WORKDIR /app
COPY --from=api-dependencies /app/node_modules ./node_modules
COPY --from=api-dependencies /app/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/api/drizzle ./apps/api/drizzle
COPY --from=build /app/content ./content
# Only the PGlite data and the outbox would be written here; production uses neither.
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 4000
# Liveness /healthz, readiness /readyz: the orchestrator's probes (compose.yaml, docs/deployment.md).
CMD ["node", "apps/api/dist/server.js"]

# The web server: server.mjs around the Next.js production build (not `output: "standalone"`:
# its traced server replaces server.mjs, which sets the visitor's address; decision 022).
FROM ${NODE_IMAGE} AS web
ENV NODE_ENV=production \
  NEXT_TELEMETRY_DISABLED=1 \
  PORT=3000
WORKDIR /app
COPY --from=web-dependencies /app/node_modules ./node_modules
COPY --from=web-dependencies /app/apps/web/node_modules ./apps/web/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/packages ./packages
COPY --from=build /app/content ./content
COPY --from=build /app/apps/web/package.json /app/apps/web/server.mjs /app/apps/web/next.config.ts ./apps/web/
COPY --from=build /app/apps/web/src/lib ./apps/web/src/lib
COPY --from=build /app/apps/web/public ./apps/web/public
COPY --from=build /app/apps/web/.next ./apps/web/.next
USER node
WORKDIR /app/apps/web
EXPOSE 3000
CMD ["node", "server.mjs"]
