# reader-site: build the workspace, then ship dist/ with production dependencies only, as a non-root user.
# docker build -f deploy/docker/reader-site.Dockerfile -t helpcenter/reader-site .
FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY tools/scripts ./tools/scripts
COPY apps ./apps
COPY libs ./libs
RUN node tools/scripts/build.cjs

FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts=false

FROM node:20-bookworm-slim
ENV NODE_ENV=production HC_DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3005
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3005/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--enable-source-maps", "dist/apps/reader-site/src/main.js"]
