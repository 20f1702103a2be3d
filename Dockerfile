# One image for every MyWorld service (api, projections, workers, migrate); docker-compose.yml
# picks the command. Node 20 on Debian 12, because the mediasoup worker is built from source
# against Debian's libraries (the prebuilt download needs hosts this project cannot reach).
FROM node:20-bookworm

# Where ensure-worker.sh keeps the built mediasoup worker; node_modules/mediasoup links to it,
# so it must live in the image, not in a home directory.
ENV MYWORLD_CACHE_DIR=/opt/myworld-cache
WORKDIR /app

# Debian build packages for the worker (meson from bookworm-backports), in their own layer.
COPY scripts/mediasoup/ scripts/mediasoup/
RUN bash scripts/mediasoup/install-build-packages.sh && rm -rf /var/lib/apt/lists/*

# ffmpeg for the media worker (video probing, transcoding, posters).
COPY scripts/install-system-packages.sh scripts/
RUN bash scripts/install-system-packages.sh ffmpeg && rm -rf /var/lib/apt/lists/*

# Dependencies first, from the manifests only, so code edits reuse this layer. `npm ci` needs the
# package.json of every workspace the root package.json lists (a test checks this list).
# --ignore-scripts: mediasoup's postinstall would download a prebuilt worker and pip packages.
COPY package.json package-lock.json ./
COPY schemas/package.json schemas/
COPY eventstore/package.json eventstore/
COPY projections/package.json projections/
COPY command-api/package.json command-api/
COPY workers/package.json workers/
COPY write-model/package.json write-model/
COPY sfu/package.json sfu/
COPY storage/package.json storage/
COPY web/package.json web/
COPY testkit/package.json testkit/
RUN npm ci --ignore-scripts

# Builds (or takes from the cache dir) the mediasoup worker pinned in sfu/package.json and links
# it into node_modules/mediasoup. About 8 minutes on 2 cores, then cached in this layer.
RUN bash scripts/mediasoup/ensure-worker.sh

COPY . .
# scripts/build.sh: type-checks every package, then builds the web client into web/dist, which
# the api serves.
RUN npm run build

# Set only now: with NODE_ENV=production before `npm ci`, npm would leave out devDependencies
# (tsx runs the TypeScript sources directly, there is no compile step).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
EXPOSE 3000
CMD ["npx", "tsx", "command-api/src/main.ts"]
