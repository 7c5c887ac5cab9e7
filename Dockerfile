# syntax=docker/dockerfile:1
#
# Notetaker in a container (docs/operations.md#deployment).
#
#   docker build -t notetaker .
#   docker run --init -p 8080:8080 -v notetaker-data:/data notetaker            # serve, on SQLite under /data
#   docker run --init ... notetaker serve --no-worker | worker | migrate       # the other commands
#
# Node 22: an LTS line that package.json's engines (>=20.19) and the README accept; Node 20 reached its
# end of life in April 2026, and the AWS SDK warns that its releases from 2027 need 22. Both stages use the
# same Debian bookworm image, so better-sqlite3, compiled in the first, runs against the same glibc and Node
# ABI in the second.

FROM node:22-bookworm-slim AS build
WORKDIR /opt/notetaker
# A compiler for better-sqlite3 where no prebuilt binary fits.
RUN apt-get update \
    && apt-get install -y --no-install-recommends python3 make g++ \
    && rm -rf /var/lib/apt/lists/*
COPY . .
# npm ci installs the exact lock and builds everything (native modules, and the project's own build step);
# the development packages are dropped afterwards. npm's download cache stays outside the image, for the next build.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --no-audit --no-fund \
    && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim AS runtime
LABEL org.opencontainers.image.title="Notetaker" \
      org.opencontainers.image.description="A self-hostable meeting notetaker with an HTTP/JSON API" \
      org.opencontainers.image.licenses="MIT"
# What the features call: Chromium bots, audio decoding (ffmpeg, sox), the simulated bot's voice (espeak-ng),
# offline speech to text (pocketsphinx), fonts for the pages the bots open, and the CA certificates.
RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        chromium \
        ffmpeg \
        espeak-ng \
        sox \
        pocketsphinx \
        pocketsphinx-en-us \
        fonts-liberation \
        ca-certificates \
    && rm -rf /var/lib/apt/lists/*
# A user of its own, with a fixed id so a bind-mounted folder can be given to it (chown 10001:10001 ./data).
RUN groupadd --system --gid 10001 notetaker \
    && useradd --system --uid 10001 --gid notetaker --home-dir /home/notetaker --create-home --shell /usr/sbin/nologin notetaker \
    && mkdir -p /data \
    && chown notetaker:notetaker /data \
    && chmod 0700 /data
WORKDIR /opt/notetaker
# The code belongs to root: the service can read it, not change it.
COPY --from=build /opt/notetaker /opt/notetaker
ENV DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8080 \
    NODE_ENV=production
VOLUME /data
EXPOSE 8080
USER notetaker
# Liveness only (the process answers); readiness, which asks the database, is /readyz for a load balancer.
# node's own fetch: the slim image has no curl. A `worker` container serves no HTTP: turn this off for it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM stops it gracefully (requests finish, bots leave, jobs get 10 s): give `docker stop` 30 s (-t 30).
STOPSIGNAL SIGTERM
# Exec form: Node is the process that receives the signals.
ENTRYPOINT ["node", "bin/notetaker.mjs"]
CMD ["serve"]
