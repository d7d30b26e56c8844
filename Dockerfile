# Production image: the built web app and the server (which runs its TypeScript directly on Node 24).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data SEED=none
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev --workspaces --include-workspace-root=false || true \
  && mkdir -p /data && chown node:node /data
# why: the portal needs no privileges; the image's unprivileged `node` user owns only /data.
USER node
EXPOSE 3000
VOLUME /data
HEALTHCHECK CMD node -e "fetch('http://127.0.0.1:3000/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/src/main.ts"]
