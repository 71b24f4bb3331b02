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
USER node
VOLUME /data
EXPOSE 4545
ENV PLS_HOST=0.0.0.0 \
    PLS_PORT=4545 \
    PLS_DATA=/data
# Docker runs the first check one interval after the start (Engine 20.10 has no --start-interval),
# so a short interval is what makes the container healthy within about a second of starting.
HEALTHCHECK --interval=1s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "require('http').get({host: '127.0.0.1', port: process.env.PLS_PORT || 4545, path: '/healthz', timeout: 2500}, (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1))"]
ENTRYPOINT ["node", "dist/cli.js"]
CMD ["serve"]
