# GPU Scout production image (see docs/deploy.md).
#   docker build -t gpu-scout .
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://… -e NEXTAUTH_SECRET=… \
#     -e NEXTAUTH_URL=https://scout.example.com gpu-scout
# Without DATABASE_URL it runs on the embedded PGlite in /app/data (mount a volume there;
# one container per volume). Two instances on one Postgres: compose.yaml.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: all dependencies, `next build` (output: "standalone"), then prune dev deps ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# `npm ci` runs `prisma generate` (postinstall), which needs the schema and prisma.config.ts.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
RUN npm ci
COPY . .
RUN npm run build
# start:prod runs with tsx before the server starts (migrations, seed): it needs the
# production dependencies (tsx, pg, PGlite, the wasm schema engine), not the dev ones.
RUN npm prune --omit=dev

# ---- runtime: the standalone server + what start:prod needs, as a non-root user ----
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    PGLITE_DIR=/app/data/pglite

# scripts/start-prod.ts and what it imports: server/ (env, db, log), lib/, prisma/ (schema,
# migrations, seed), the generated Prisma client; package.json for `npm run start:prod`.
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/generated ./generated
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/lib ./lib
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts

# The standalone server (server.js + traced node_modules, with PGlite's wasm/data files), plus
# what `next build` leaves out of it: static assets, public/, and the migrations that
# /api/health compares with the database. Owned by the app user: Next writes its cache there.
COPY --from=build --chown=node:node /app/.next/standalone ./.next/standalone
COPY --from=build --chown=node:node /app/.next/static ./.next/standalone/.next/static
COPY --from=build --chown=node:node /app/public ./.next/standalone/public
COPY --from=build --chown=node:node /app/prisma/migrations ./.next/standalone/prisma/migrations

# Embedded database folder (used when DATABASE_URL is not set).
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME ["/app/data"]

USER node
EXPOSE 3000

# Readiness: database reachable and migrations current (liveness alone: /api/health/live).
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"

# What `npm run start:prod` runs, without npm and a shell in between: they do not pass
# SIGTERM on (docker stop would leave the server running until SIGKILL). start-prod passes
# SIGTERM/SIGINT to the server and exits with its code.
CMD ["node", "--import", "tsx", "scripts/start-prod.ts"]
