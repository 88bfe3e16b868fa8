# Build stage: compiles TypeScript and better-sqlite3's native module (needs python3, make, g++).
FROM node:24-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
RUN npm run build && npm prune --omit=dev

# Runtime stage: the compiled service, production dependencies and the SQL migrations only.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATABASE_URL=file:/data/carcassonne.db
# The memory settings (docs/operations.md, "Memory"): two glibc arenas instead of eight per core,
# so memory freed by a burst of closed connections is reused rather than kept in idle arenas;
# V8's young generation capped at 8 MB a semi-space and its old generation at 1 GB.
# scripts/soak-abuse.ts runs the server with these very lines.
ENV MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=1024"
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY migrations ./migrations
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server.js"]
