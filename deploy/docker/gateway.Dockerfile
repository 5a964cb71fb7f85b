# syntax=docker/dockerfile:1
# Gateway image (services/gateway). Build from the repository root:
#   docker build -f deploy/docker/gateway.Dockerfile -t zunft/gateway:local .
# The built frontends are not part of this image: they come from the frontend images
# (deploy/docker/frontend.Dockerfile), copied into /srv/frontend by compose / a k8s initContainer.
ARG NODE_IMAGE=node:24-slim

# Only the npm manifests, so the dependency layers stay cached until a package.json or the lock changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /repo
COPY . .
RUN mkdir /manifests \
 && find . -type f \( -name package.json -o -name package-lock.json -o -name .npmrc \) -not -path '*/node_modules/*' \
      -exec cp --parents {} /manifests/ \;

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
COPY --from=manifests /manifests/ ./
# npm ci only: the committed lockfile holds every platform's optional packages (linux x64/arm64, glibc
# and musl), checked with `npm ci --dry-run` on a copy of the manifests; no fallback to npm install.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspaces --include-workspace-root --no-audit --no-fund
COPY . .
RUN npx tsc -p libs/contracts/tsconfig.json \
 && npx tsc -p libs/nest-common/tsconfig.json \
 && npx tsc -p services/gateway/tsconfig.json

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /repo
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace services/gateway --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    SHELL_DIST=/srv/frontend/shell \
    REMOTE_DIRS=admin:/srv/frontend/mf-admin,time:/srv/frontend/mf-time,billing:/srv/frontend/mf-billing
WORKDIR /app
COPY --from=prod-deps /repo/package.json ./
COPY --from=prod-deps /repo/node_modules ./node_modules
COPY --from=build /repo/libs/contracts/package.json ./libs/contracts/
COPY --from=build /repo/libs/contracts/dist ./libs/contracts/dist
# @zunft/nest-common/tracing (startTracing) and /otel-hooks (the --import below, issue 27)
COPY --from=build /repo/libs/nest-common/package.json ./libs/nest-common/
COPY --from=build /repo/libs/nest-common/dist ./libs/nest-common/dist
COPY --from=build /repo/services/gateway/package.json ./services/gateway/
COPY --from=build /repo/services/gateway/dist ./services/gateway/dist
RUN mkdir -p /srv/frontend && chown node:node /srv/frontend
WORKDIR /app/services/gateway
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "@zunft/nest-common/otel-hooks", "dist/main.js"]
