#!/usr/bin/env bash
# Builds the registry-only OpenIM stack once per machine into $OPENIM_CACHE (outside the repository):
#   open-im-server v3.8.3 and chat v1.8.4 from the Go module proxy (the only 3.8/1.8 versions it serves),
#   MinIO from the Go module proxy, Kafka 3.9.1 and mongo-java-server 1.47.0 from Maven Central,
#   Redis and etcd from Debian. Every build runs at nice 19, one Go package at a time in each of two builds.
# Leaves $OPENIM_CACHE/.complete when everything is in place; a second run with it present does nothing.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
: "${OPENIM_CACHE:?set OPENIM_CACHE}"
[ -f "$OPENIM_CACHE/.complete" ] && exit 0
mkdir -p "$OPENIM_CACHE"/{bin,chatbin,minio-bin,src,kafka,mongo}
export GOFLAGS='-p=1 -buildvcs=false'
MODCACHE="$(go env GOMODCACHE)"
SERVER_MODULE=github.com/openimsdk/open-im-server/v3@v3.8.3
CHAT_MODULE=github.com/openimsdk/chat@v1.8.4
# The proxy has pseudo-versions of MinIO only; this one was @latest when the stack was first run.
MINIO_MODULE="github.com/minio/minio@${MINIO_VERSION:-v0.0.0-20260212201848-7aac2a2c5b7c}"

missing=()
for c in redis-server etcd jq curl ip java mvn; do command -v "$c" >/dev/null || missing+=("$c"); done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing from Debian (missing: ${missing[*]})"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    redis-server etcd-server etcd-client jq curl iproute2 openjdk-17-jre-headless maven >/dev/null
fi

# `go install module/cmd/...@version` fails: the proxy answers 403 for the version list, which go install
# reads for deprecation notices. So the exact version is downloaded and built inside a writable copy.
module_dir() { echo "$MODCACHE/$(echo "${1%@*}" | sed 's/[A-Z]/!\L&/g')@${1#*@}"; }
build_module() { # module@version outdir packages
  local modver="$1" out="$2" pkgs="$3" src="$OPENIM_CACHE/src/${1//\//_}"
  [ -f "$out/.built" ] && return 0
  echo "building $modver (nice 19)"
  go mod download -json "$modver" >/dev/null
  rm -rf "$src"
  cp -r "$(module_dir "$modver")" "$src"
  chmod -R u+w "$src"
  (cd "$src" && go mod download && nice -n 19 go build -trimpath -ldflags='-s -w' -o "$out/" "$pkgs")
  touch "$out/.built"
}

# Kafka's classpath and mongo-java-server's from Maven Central (network-bound: run beside the Go builds).
fetch_jars() { # dir pom
  [ -f "$OPENIM_CACHE/$1/lib/.complete" ] && return 0
  cp "$HERE/$2" "$OPENIM_CACHE/$1/pom.xml"
  (cd "$OPENIM_CACHE/$1" && nice -n 19 mvn -q -B dependency:copy-dependencies -DoutputDirectory=lib)
  touch "$OPENIM_CACHE/$1/lib/.complete"
}
fetch_jars kafka kafka-pom.xml &
kafka_jars=$!
fetch_jars mongo mongo-pom.xml &
mongo_jars=$!

# MinIO is the biggest of the three and shares little with the others: it builds beside them.
build_module "$MINIO_MODULE" "$OPENIM_CACHE/minio-bin" . &
minio_build=$!
build_module "$SERVER_MODULE" "$OPENIM_CACHE/bin" ./cmd/...
build_module "$CHAT_MODULE" "$OPENIM_CACHE/chatbin" ./cmd/...
wait "$minio_build"
wait "$kafka_jars"
wait "$mongo_jars"

# The modules' own configs are the starting point of configure.sh; the sources are not needed after that.
rm -rf "$OPENIM_CACHE/config-openim" "$OPENIM_CACHE/config-chat"
cp -r "$(module_dir "$SERVER_MODULE")/config" "$OPENIM_CACHE/config-openim"
cp -r "$(module_dir "$CHAT_MODULE")/config" "$OPENIM_CACHE/config-chat"
chmod -R u+w "$OPENIM_CACHE/config-openim" "$OPENIM_CACHE/config-chat"
rm -rf "$OPENIM_CACHE/src"
touch "$OPENIM_CACHE/.complete"
echo "built under $OPENIM_CACHE"
