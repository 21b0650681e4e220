#!/usr/bin/env bash
# Starts the stack built by build.sh inside its own network namespace ($OPENIM_NS), which has no route out
# (loopback, plus a veth pair whose two ends are both inside): openim-msggateway's WebSocket and chat's APIs
# bind all addresses, and nothing of them may be reachable from outside. Fresh state in $OPENIM_RUN (configs,
# data, logs, one PID file per process in $OPENIM_RUN/pids). Clients must run in the namespace too:
# ip netns exec "$OPENIM_NS" <command>.
#
# Loopback ports: OpenIM API 10002, gateway 10001, chat API 10008, chat admin API 10009, MinIO 10005;
# MongoDB stand-in 37017, Redis 16379 (password openIM123), Kafka 19094, etcd 12379.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
: "${OPENIM_CACHE:?set OPENIM_CACHE}" "${OPENIM_RUN:?set OPENIM_RUN}" "${OPENIM_NS:?set OPENIM_NS}"
NSX="ip netns exec $OPENIM_NS"
rm -rf "$OPENIM_RUN"
mkdir -p "$OPENIM_RUN"/{pids,logs/openim,logs/chat,data/redis,data/etcd,data/minio,data/kafka}
cd "$OPENIM_RUN"

# Configs: the modules' own, pointed at loopback, prometheus off, logs here.
cp -r "$OPENIM_CACHE/config-openim" openim-config
cp -r "$OPENIM_CACHE/config-chat" chat-config
(
  cd openim-config
  sed -i 's#^uri:.*#uri: mongodb://127.0.0.1:37017/openim_v3#; s#^address: .*#address: [ 127.0.0.1:37017 ]#; s#^username: .*#username: ""#; s#^password: .*#password: ""#' mongodb.yml
  sed -i 's#^address: .*#address: [ 127.0.0.1:16379 ]#' redis.yml
  sed -i 's#^address: .*#address: [ 127.0.0.1:19094 ]#' kafka.yml
  sed -i 's#^internalAddress: .*#internalAddress: 127.0.0.1:10005#; s#^externalAddress: .*#externalAddress: http://127.0.0.1:10005#' minio.yml
  sed -i 's#address: \[ localhost:12379 \]#address: [ 127.0.0.1:12379 ]#' discovery.yml
  for f in openim-*.yml; do
    sed -i 's#^\(\s*\)registerIP:.*#\1registerIP: 127.0.0.1#; s#^\(\s*\)listenIP: 0.0.0.0#\1listenIP: 127.0.0.1#; s#^\(\s*\)enable: true#\1enable: false#' "$f"
  done
  sed -i "s#^storageLocation:.*#storageLocation: $OPENIM_RUN/logs/openim/#" log.yml
)
(
  cd chat-config
  sed -i 's#^uri:.*#uri: mongodb://127.0.0.1:37017/openim_v3#; s#^address: .*#address: [ 127.0.0.1:37017 ]#; s#^username: .*#username: ""#; s#^password: openIM123#password: ""#; s#^authSource: .*#authSource: ""#' mongodb.yml
  sed -i 's#^address: .*#address: [ 127.0.0.1:16379 ]#' redis.yml
  sed -i 's#address: \[ localhost:12379 \]#address: [ 127.0.0.1:12379 ]#' discovery.yml
  for f in chat-*.yml; do
    sed -i "s#^\(\s*\)registerIP:.*#\1registerIP: '127.0.0.1'#; s#^\(\s*\)listenIP: 0.0.0.0#\1listenIP: 127.0.0.1#" "$f"
  done
  sed -i "s#^storageLocation:.*#storageLocation: $OPENIM_RUN/logs/chat/#" log.yml
)
sed "s#__DATA__#$OPENIM_RUN/data#" "$HERE/kafka-server.properties.in" > kafka.properties

if ! ip netns list | grep -qw "$OPENIM_NS"; then
  ip netns add "$OPENIM_NS"
fi
$NSX ip link set lo up
# With nothing but loopback, Chromium reports navigator.onLine false and the app waits for the network
# before loading its signed-in code. A veth pair with both ends inside the namespace and a link-local
# address makes it "online" without any route out.
if ! $NSX ip link show v0 >/dev/null 2>&1; then
  $NSX ip link add v0 type veth peer name v1
  $NSX ip addr add 169.254.77.1/32 dev v0
  $NSX ip link set v0 up
  $NSX ip link set v1 up
fi

# `ip netns exec` and nice exec the program, so the PID recorded is the program's own.
bg() { # name command...
  local name="$1"; shift
  $NSX nice -n 10 "$@" > "logs/$name.out" 2>&1 < /dev/null &
  echo $! > "pids/$name"
}
wait_port() { # port [seconds]
  for _ in $(seq 1 "${2:-90}"); do
    $NSX bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null && return 0
    sleep 1
  done
  echo "port $1 did not open; see $OPENIM_RUN/logs" >&2
  return 1
}

bg redis redis-server --bind 127.0.0.1 --port 16379 --requirepass openIM123 --dir "$OPENIM_RUN/data/redis" --save '' --appendonly no
bg etcd etcd --name s1 --data-dir "$OPENIM_RUN/data/etcd" \
  --listen-client-urls http://127.0.0.1:12379 --advertise-client-urls http://127.0.0.1:12379 \
  --listen-peer-urls http://127.0.0.1:12380 --initial-advertise-peer-urls http://127.0.0.1:12380 \
  --initial-cluster s1=http://127.0.0.1:12380
KAFKA_JAVA=(java -Dlog4j.configuration="file:$HERE/kafka-log4j.properties" -cp "$OPENIM_CACHE/kafka/lib/*")
cluster_id="$(nice -n 10 "${KAFKA_JAVA[@]}" kafka.tools.StorageTool random-uuid | tail -1)"
nice -n 10 "${KAFKA_JAVA[@]}" -Xmx256m kafka.tools.StorageTool format -t "$cluster_id" -c kafka.properties > logs/kafka-format.out
bg kafka "${KAFKA_JAVA[@]}" -Xmx512m -Xms256m kafka.Kafka kafka.properties
# Java runs the stand-in's single source file directly (no compile step to cache).
bg mongo java -Xmx1g -cp "$OPENIM_CACHE/mongo/lib/*" "$HERE/MongoStandIn.java" 127.0.0.1 37017
MINIO_ROOT_USER=root MINIO_ROOT_PASSWORD=openIM123 MINIO_BROWSER=off \
  bg minio "$OPENIM_CACHE/minio-bin/minio" server --address 127.0.0.1:10005 --console-address 127.0.0.1:10006 "$OPENIM_RUN/data/minio"
for p in 16379 12379 19094 37017 10005; do wait_port "$p"; done

for svc in openim-rpc-user openim-rpc-auth openim-rpc-friend openim-rpc-group openim-rpc-conversation \
  openim-rpc-third openim-rpc-msg openim-push openim-msggateway openim-msgtransfer openim-api; do
  bg "$svc" "$OPENIM_CACHE/bin/$svc" -i 0 -c "$OPENIM_RUN/openim-config/"
  sleep 2
done
wait_port 10002
wait_port 10001
for svc in chat-rpc admin-rpc chat-api admin-api; do
  bg "$svc" "$OPENIM_CACHE/chatbin/$svc" -i 0 -c "$OPENIM_RUN/chat-config/"
  sleep 2
done
wait_port 10008
wait_port 10009
echo "stack up in network namespace $OPENIM_NS; PIDs in $OPENIM_RUN/pids"
