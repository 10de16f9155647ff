# The shop's container image: multi-stage, runs compiled JavaScript as a non-root user.
# Built by compose.yaml (the production layout); `docker build -t casa-del-tabaco .` alone works too.

# 1. dependencies, exactly as locked
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. the build: client assets and the server bundle (one module graph)
FROM deps AS build
COPY . .
RUN npm run build

# 3. the runtime: production dependencies, the build, migrations, catalogue and texts; no sources
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
# pg_dump / pg_restore for `npm run backup` and `npm run restore`
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/core ./core
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/data/catalogue.json ./data/catalogue.json
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# liveness (server/ops.ts): /healthz answers while the process runs; readiness (/readyz) is Caddy's business
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# SIGTERM (docker stop) drains: /readyz answers 503, the requests held are finished, then it exits (compose: stop_grace_period)
STOPSIGNAL SIGTERM
# a 192 MB old space: V8 otherwise lets the garbage of concurrent renders grow the heap by ~200 MB under load (ADR 010)
CMD ["node", "--max-old-space-size=192", "build/server/server.js"]
