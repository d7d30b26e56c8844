# Production image: the built web app and the server (which runs its TypeScript directly on Node 24).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund
# the context is an allow-list (.dockerignore): sources and manifests, never data/, .git or node_modules
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data SEED=none
WORKDIR /app
COPY --from=build /app /app
# why: a failed prune must fail the build, not be ignored (that would ship the dev dependencies unnoticed)
RUN npm prune --omit=dev \
  && mkdir -p /data && chown node:node /data
# why: the portal needs no privileges; the image's unprivileged `node` user owns only /data.
USER node
EXPOSE 3000
VOLUME /data
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:3000/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# the V8 flags of every server process: apps/server/src/node-flags.ts (decision 0008 "RSS per process")
CMD ["node", "--max-semi-space-size=8", "--heap-growing-percent=30", "apps/server/src/main.ts"]
