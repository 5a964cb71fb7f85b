# syntax=docker/dockerfile:1
# Static frontend image: one built frontend (the shell or one remote) per image, so a remote is
# redeployed without rebuilding the shell. Build from the repository root:
#   docker build -f deploy/docker/frontend.Dockerfile --build-arg APP=shell      -t zunft/frontend-shell:local .
#   docker build -f deploy/docker/frontend.Dockerfile --build-arg APP=mf-admin   -t zunft/frontend-mf-admin:local .
#   docker build -f deploy/docker/frontend.Dockerfile --build-arg APP=mf-time    -t zunft/frontend-mf-time:local .
#   docker build -f deploy/docker/frontend.Dockerfile --build-arg APP=mf-billing -t zunft/frontend-mf-billing:local .
# The shell and every remote (mf-admin, mf-time, mf-billing) are built this way; the gateway needs all four.
# The image holds no server: run it with a volume at /frontend and it copies its build to
# /frontend/<APP> (atomically replacing an older copy) and exits. The gateway serves that volume
# (compose: a one-shot service; Kubernetes: an initContainer sharing an emptyDir).
ARG NODE_IMAGE=node:24-slim

FROM ${NODE_IMAGE} AS manifests
WORKDIR /repo
COPY . .
RUN mkdir /manifests \
 && find . -type f \( -name package.json -o -name package-lock.json -o -name .npmrc \) -not -path '*/node_modules/*' \
      -exec cp --parents {} /manifests/ \;

FROM ${NODE_IMAGE} AS build
ARG APP
RUN case "$APP" in shell|mf-admin|mf-time|mf-billing) ;; \
      *) echo "--build-arg APP=shell|mf-admin|mf-time|mf-billing is required (got '$APP')" >&2; exit 1 ;; esac
WORKDIR /repo
COPY --from=manifests /manifests/ ./
# npm ci only: the committed lockfile holds every platform's optional packages (linux x64/arm64, glibc
# and musl), checked with `npm ci --dry-run` on a copy of the manifests; no fallback to npm install.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspaces --include-workspace-root --no-audit --no-fund
COPY . .
ENV NODE_ENV=production
RUN npm run build --workspace "apps/${APP}" \
 && node services/gateway/src/precompress.ts "apps/${APP}/dist"

# `--target static` (the remotes in Kubernetes, deploy/k8s/frontend-remotes.yaml): the build served
# by nginx on :8080 under /remotes/<name>/, as its own Deployment, so a remote is released without
# restarting the gateway:
#   docker build -f deploy/docker/frontend.Dockerfile --build-arg APP=mf-admin --target static -t zunft/static-mf-admin:local .
FROM nginxinc/nginx-unprivileged:1.27-alpine AS static
ARG APP
COPY deploy/docker/frontend-static.conf /etc/nginx/conf.d/default.conf
COPY --from=build /repo/apps/${APP}/dist /srv/www/remotes/${APP}
# /remotes/<name> (admin, time, billing) is what remotes.json names: mf-admin -> admin.
RUN cd /srv/www/remotes && mv "${APP}" "${APP#mf-}"

# Only files and a shell to copy them: no Node, no package manager.
FROM busybox:1.37 AS runtime
ARG APP
ENV APP=${APP}
COPY --from=build /repo/apps/${APP}/dist /srv/${APP}
RUN mkdir /frontend && chown 1000:1000 /frontend
USER 1000:1000
VOLUME /frontend
ENTRYPOINT ["/bin/sh", "-c", "set -e; rm -rf \"/frontend/$APP.next\"; cp -R \"/srv/$APP\" \"/frontend/$APP.next\"; rm -rf \"/frontend/$APP\"; mv \"/frontend/$APP.next\" \"/frontend/$APP\"; echo \"$APP copied to /frontend/$APP\""]
