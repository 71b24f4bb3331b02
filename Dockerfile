# The sandbox as a container: the compiled CLI serving the API and the console on 0.0.0.0:4545,
# its store in the /data volume (docs/decisions.md, "The container"). Builds with Docker's classic
# builder as well as BuildKit, so it uses no BuildKit-only syntax.
#   docker build -t payment-links-sandbox .
#   docker run -p 4545:4545 -v pls-data:/data payment-links-sandbox
ARG NODE_IMAGE=node:20-bookworm-slim

# Dependencies for the build: Electron's binary is never fetched (the image runs no desktop app),
# so the install needs the registry only.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1 NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
COPY src/cli/installElectron.mjs src/cli/
RUN npm ci --loglevel=error
COPY . .
RUN npm run build:package

# Production dependencies only, installed apart from the build so a change to the sources does
# not fetch them again.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --loglevel=error

FROM ${NODE_IMAGE}
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
# The npm package as `npm run build:package` stages it: the compiled CLI and core, the built console,
# resources and docs, and a package.json without the desktop app or its scripts.
COPY --from=build /app/build/package ./
# The app's files stay root's and read-only to the server; only /data is the node user's. A named
# volume starts as a copy of this folder, ownership included.
RUN mkdir /data && chown node:node /data
# The CLI under its own name, as npm links it: `docker exec <container> payment-links-sandbox status`.
RUN chmod 755 dist/cli.js && ln -s /app/dist/cli.js /usr/local/bin/payment-links-sandbox
USER node
VOLUME /data
EXPOSE 4545
# /data is the image's default, not a choice: -e PLS_IN_MEMORY=true or -e PLS_DATA=… still choose.
ENV PLS_HOST=0.0.0.0 \
    PLS_PORT=4545 \
    PLS_DEFAULT_DATA=/data
# Docker runs the first check one interval after the start (Engine 20.10 has no --start-interval),
# and that check waits up to 2 s for /healthz itself, so the container is healthy the moment the
# server answers, not at the next interval. Bash's /dev/tcp costs a few milliseconds a check where
# `node -e` costs a Node start-up every second (docs/decisions.md, "The container").
HEALTHCHECK --interval=1s --timeout=3s --start-period=30s --retries=3 \
  CMD ["bash", "-c", "exec 2>/dev/null; for i in $(seq 40); do exec 3<>/dev/tcp/127.0.0.1/${PLS_PORT:-4545} && printf 'GET /healthz HTTP/1.0\\r\\n\\r\\n' >&3 && read -r status <&3 && [[ $status == *' 200 '* ]] && exit 0; sleep 0.05; done; exit 1"]
ENTRYPOINT ["node", "dist/cli.js"]
CMD ["serve"]
