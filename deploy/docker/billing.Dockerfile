# syntax=docker/dockerfile:1
# Billing service image (services/billing). Build from the repository root:
#   docker build -f deploy/docker/billing.Dockerfile -t zunft/billing:local .
# One image, three uses: `node dist/main.js` (the API, default), `node dist/worker.js` (the BullMQ
# worker: PDFs with Chromium, e-mail, daily quote expiry) and `node dist/migrate.js` (migrations, run
# before the API starts). The image carries Debian's Chromium and fonts for the worker; puppeteer-core
# downloads no browser of its own. tini is PID 1: it forwards SIGTERM to Node (the worker then
# finishes its running jobs) and reaps Chromium's child processes.
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
 && npx tsc -p services/billing/tsconfig.build.json

FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /repo
COPY --from=manifests /manifests/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm ci --omit=dev --workspace services/billing --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# Chromium from Debian (security updates with the distribution), DejaVu + Liberation so documents
# render with the same metrics everywhere, tini as init. No sandbox packages: the renderer starts
# Chromium with --no-sandbox, the container is the boundary.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-liberation tini \
 && rm -rf /var/lib/apt/lists/*
# XDG_*: Chromium writes its config/crash database there, not into the (read-only in Kubernetes) home.
ENV NODE_ENV=production \
    PORT=3003 \
    CHROMIUM_PATH=/usr/bin/chromium \
    MAIL_OUTBOX_DIR=/var/lib/zunft/mail-outbox \
    XDG_CONFIG_HOME=/tmp/.chromium \
    XDG_CACHE_HOME=/tmp/.chromium
WORKDIR /app
COPY --from=prod-deps /repo/package.json ./
COPY --from=prod-deps /repo/node_modules ./node_modules
COPY --from=build /repo/libs/contracts/package.json ./libs/contracts/
COPY --from=build /repo/libs/contracts/dist ./libs/contracts/dist
COPY --from=build /repo/libs/nest-common/package.json ./libs/nest-common/
COPY --from=build /repo/libs/nest-common/dist ./libs/nest-common/dist
COPY --from=build /repo/services/billing/package.json ./services/billing/
COPY --from=build /repo/services/billing/dist ./services/billing/dist
# Writable places for the non-root user: mails without SMTP_URL (worker) and the auth service's public key (compose).
RUN mkdir -p /var/lib/zunft/mail-outbox /var/lib/zunft/keys && chown -R node:node /var/lib/zunft
WORKDIR /app/services/billing
USER node
EXPOSE 3003
# For the API; the worker has no HTTP port (compose disables this check for it).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3003)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "@zunft/nest-common/otel-hooks", "dist/main.js"]
