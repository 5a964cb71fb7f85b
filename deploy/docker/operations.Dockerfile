# syntax=docker/dockerfile:1
# Operations service image (services/operations). Build from the repository root:
#   docker build -f deploy/docker/operations.Dockerfile -t zunft/operations:local .
# One image, two uses: `node dist/main.js` (default) and `node dist/migrate.js` (migrations, run
# before the service starts). Receipts are stored in the database: no writable volume needed.
ARG NODE_IMAGE=node:24-slim

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
 && npx tsc -p services/operations/tsconfig.build.json

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /repo
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace services/operations --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3002
WORKDIR /app
COPY --from=prod-deps /repo/package.json ./
COPY --from=prod-deps /repo/node_modules ./node_modules
COPY --from=build /repo/libs/contracts/package.json ./libs/contracts/
COPY --from=build /repo/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /repo/libs/nest-common/package.json ./libs/nest-common/
COPY --from=build /repo/libs/nest-common/dist ./libs/nest-common/dist
COPY --from=build /repo/services/operations/package.json ./services/operations/
COPY --from=build /repo/services/operations/dist ./services/operations/dist
# Mount point for the auth service's public key (compose: the generated keys volume).
RUN mkdir -p /var/lib/zunft/keys && chown -R node:node /var/lib/zunft
WORKDIR /app/services/operations
USER node
EXPOSE 3002
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3002)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--import", "@zunft/nest-common/otel-hooks", "dist/main.js"]
