# syntax=docker/dockerfile:1
# The site and its server in one image: built in a full Node image, run with production dependencies only,
# as the unprivileged `node` user. Untested here (no container engine on the development machines): see
# README, Operations.
#
#   docker build -t kiwi-site --build-arg VITE_SITE_URL=https://example.co.nz .
#   docker run -p 3000:3000 -v kiwi-data:/app/data kiwi-site            # PGlite in the volume, one container
#   docker compose up                                                   # with PostgreSQL (docker-compose.yml)

ARG NODE_VERSION=22

# Settings baked into the browser bundle at build time. BOOKING_* and the VITE_* that the server also reads
# (CSP) are repeated as run-time environment in the last stage, so the two sides cannot disagree.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
ARG VITE_SITE_URL=http://localhost:3000
ARG VITE_CONSULTATION_URL=https://cal.com/kiwi-automate/consultation
ARG VITE_EXTERNAL_SCRIPT_URL=
ARG VITE_CALENDAR_API_BASE=
ARG VITE_VAPI_PUBLIC_KEY=
ARG VITE_VAPI_ASSISTANT_ID=
ARG VITE_VAPI_BASE_URL=
ARG BOOKING_HOST=kiwi-automate
ARG BOOKING_EVENT_TYPE_ID=7
ARG BOOKING_EVENT_TYPE_SLUG=quick-chat
ARG BOOKING_LOCATIONS=video
ARG BOOKING_PHONE_COUNTRY=NZ
ARG BOOKING_PHONE_COUNTRIES=
COPY package.json package-lock.json ./
# `npm install` rather than `npm ci`: npm 11 rejects this lock file in `npm ci` (Tailwind's optional oxide
# packages, see .ci/run); `npm install` still installs the locked versions.
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:${NODE_VERSION}-bookworm-slim
WORKDIR /app
ARG VITE_EXTERNAL_SCRIPT_URL=
ARG VITE_VAPI_PUBLIC_KEY=
ARG VITE_VAPI_ASSISTANT_ID=
ARG VITE_VAPI_BASE_URL=
ARG BOOKING_HOST=kiwi-automate
ARG BOOKING_EVENT_TYPE_ID=7
ARG BOOKING_EVENT_TYPE_SLUG=quick-chat
ARG BOOKING_LOCATIONS=video
ARG BOOKING_PHONE_COUNTRY=NZ
ARG BOOKING_PHONE_COUNTRIES=
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/data \
    VITE_EXTERNAL_SCRIPT_URL=${VITE_EXTERNAL_SCRIPT_URL} \
    VITE_VAPI_PUBLIC_KEY=${VITE_VAPI_PUBLIC_KEY} \
    VITE_VAPI_ASSISTANT_ID=${VITE_VAPI_ASSISTANT_ID} \
    VITE_VAPI_BASE_URL=${VITE_VAPI_BASE_URL} \
    BOOKING_HOST=${BOOKING_HOST} \
    BOOKING_EVENT_TYPE_ID=${BOOKING_EVENT_TYPE_ID} \
    BOOKING_EVENT_TYPE_SLUG=${BOOKING_EVENT_TYPE_SLUG} \
    BOOKING_LOCATIONS=${BOOKING_LOCATIONS} \
    BOOKING_PHONE_COUNTRY=${BOOKING_PHONE_COUNTRY} \
    BOOKING_PHONE_COUNTRIES=${BOOKING_PHONE_COUNTRIES}
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Liveness only: /readyz (database reachable) is for a load balancer, which should stop sending while it is 503.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 and handles SIGTERM itself (SHUTDOWN_DELAY_MS, then the drain, within SHUTDOWN_TIMEOUT_MS); give it longer than that
# before SIGKILL: `docker stop -t 15`, or stop_grace_period in compose.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
