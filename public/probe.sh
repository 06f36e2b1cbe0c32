#!/usr/bin/env bash
# GPU Scout probe — measures a rented GPU instance and writes one JSON file that the GPU Scout
# trial form imports (upload or paste). Served by the app at /probe.sh.
#
# Usage:
#   bash probe.sh [--out FILE] [--disk-dir DIR] [--disk-mb N]
#                 [--download-url URL] [--download-max-mb N]
#                 [--run "CMD" --run-timeout SECONDS] [--time-limit SECONDS]
#                 [--label TEXT]
#
#   --out FILE            where to write the JSON (default ./gpu-scout-probe.json)
#   --disk-dir DIR        directory on the disk to measure; the probe works in a fresh
#                         sub-directory there and removes it at the end
#                         (default: a new directory under ${TMPDIR:-/tmp})
#   --disk-mb N           size of the disk test file in MB (default 1024, max 8192)
#   --download-url URL    optional: time a download (GET, data discarded) from this URL
#   --download-max-mb N   stop the download after N MB (default 2048)
#   --run "CMD"           optional: time this command (your scaled-down job) with bash -c
#   --run-timeout SECONDS kill the command after this many seconds (default: the time left)
#   --time-limit SECONDS  upper bound for the whole probe (default 300)
#   --label TEXT          free text stored in the file, e.g. the provider and offer name
#
# What it does: reads nvidia-smi (default table, -q, --query-gpu csv, -L), CPU, memory,
# kernel, OS release, uptime and boot time, free disk space; measures disk write and read
# throughput (fio when installed, else dd); optionally times a download and a command.
# Every step runs under `timeout`; a step that fails is recorded and the probe goes on.
#
# Privacy and safety: the probe only reads and measures. It sends nothing anywhere (the only
# network access is the GET of --download-url, if given), does not need root, writes only
# inside its own directory under --disk-dir plus the output file, and does not record the
# host name (only a hash of it, so two files from one machine can be matched), IP
# addresses, environment variables, user names or paths. Text outputs are capped in size.
#
# Requires bash and the usual system tools (coreutils, awk, sed, grep, dd, timeout);
# nvidia-smi, python3 (framework versions), fio and curl are used when present.

if [ -z "${BASH_VERSION:-}" ]; then
  echo "probe.sh: run it with bash: bash probe.sh --help" >&2
  exit 2
fi
set -u
umask 077
export LC_ALL=C

PROBE_VERSION=1
SCRIPT_REVISION="2026-11-30"

usage() {
  cat <<'USAGE'
GPU Scout probe: measures this GPU instance and writes one JSON file for the trial form.

Usage:
  bash probe.sh [--out FILE] [--disk-dir DIR] [--disk-mb N]
                [--download-url URL] [--download-max-mb N]
                [--run "CMD" --run-timeout SECONDS] [--time-limit SECONDS]
                [--label TEXT]

  --out FILE            where to write the JSON (default ./gpu-scout-probe.json)
  --disk-dir DIR        directory on the disk to measure; the probe works in a fresh
                        sub-directory there and removes it at the end
                        (default: a new directory under ${TMPDIR:-/tmp})
  --disk-mb N           size of the disk test file in MB (default 1024, max 8192)
  --download-url URL    optional: time a download (GET, data discarded) from this URL
  --download-max-mb N   stop the download after N MB (default 2048)
  --run "CMD"           optional: time this command (your scaled-down job) with bash -c
  --run-timeout SECONDS kill the command after this many seconds (default: the time left)
  --time-limit SECONDS  upper bound for the whole probe (default 300)
  --label TEXT          free text stored in the file, e.g. the provider and offer name

The probe only reads and measures: it sends nothing anywhere, needs no root, and does not
record the host name, IP addresses, environment variables, user names or paths.
USAGE
}

die_usage() {
  printf 'probe.sh: %s\nRun "bash probe.sh --help" for the options.\n' "$1" >&2
  exit 2
}

is_uint() { case "$1" in '' | *[!0-9]*) return 1 ;; *) return 0 ;; esac; }

OUT_FILE="./gpu-scout-probe.json"
DISK_DIR=""
DISK_MB=1024
DOWNLOAD_URL=""
DOWNLOAD_MAX_MB=2048
RUN_CMD=""
RUN_TIMEOUT=""
TIME_LIMIT=300
LABEL=""
HAVE_LABEL=0

need_value() { [ "$2" -ge 2 ] || die_usage "$1 needs a value"; }

while [ $# -gt 0 ]; do
  case "$1" in
  -h | --help)
    usage
    exit 0
    ;;
  --out) need_value "$1" $# && OUT_FILE="$2" && shift 2 ;;
  --disk-dir) need_value "$1" $# && DISK_DIR="$2" && shift 2 ;;
  --disk-mb) need_value "$1" $# && DISK_MB="$2" && shift 2 ;;
  --download-url) need_value "$1" $# && DOWNLOAD_URL="$2" && shift 2 ;;
  --download-max-mb) need_value "$1" $# && DOWNLOAD_MAX_MB="$2" && shift 2 ;;
  --run) need_value "$1" $# && RUN_CMD="$2" && shift 2 ;;
  --run-timeout) need_value "$1" $# && RUN_TIMEOUT="$2" && shift 2 ;;
  --time-limit) need_value "$1" $# && TIME_LIMIT="$2" && shift 2 ;;
  --label) need_value "$1" $# && LABEL="$2" && HAVE_LABEL=1 && shift 2 ;;
  *) die_usage "unknown option: $1" ;;
  esac
done

is_uint "$DISK_MB" && [ "$DISK_MB" -ge 1 ] && [ "$DISK_MB" -le 8192 ] ||
  die_usage "--disk-mb must be a whole number from 1 to 8192"
is_uint "$DOWNLOAD_MAX_MB" && [ "$DOWNLOAD_MAX_MB" -ge 1 ] && [ "$DOWNLOAD_MAX_MB" -le 65536 ] ||
  die_usage "--download-max-mb must be a whole number from 1 to 65536"
is_uint "$TIME_LIMIT" && [ "$TIME_LIMIT" -ge 10 ] && [ "$TIME_LIMIT" -le 86400 ] ||
  die_usage "--time-limit must be a whole number of seconds from 10 to 86400"
if [ -n "$RUN_TIMEOUT" ]; then
  is_uint "$RUN_TIMEOUT" && [ "$RUN_TIMEOUT" -ge 1 ] || die_usage "--run-timeout must be a whole number of seconds (1 or more)"
  [ -n "$RUN_CMD" ] || die_usage "--run-timeout needs --run"
fi
if [ -n "$DOWNLOAD_URL" ]; then
  case "$DOWNLOAD_URL" in
  http://* | https://* | ftp://* | file://*) ;;
  *) die_usage "--download-url must start with http://, https://, ftp:// or file://" ;;
  esac
fi
command -v timeout >/dev/null 2>&1 || {
  echo "probe.sh: the 'timeout' command (coreutils) is required" >&2
  exit 1
}

# ---------------------------------------------------------------------------------------
# Time keeping

now() {
  local t
  t=$(date +%s.%N 2>/dev/null)
  case "$t" in '' | *N*) t=$(date +%s) ;; esac
  printf '%s' "$t"
}
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { d = b - a; if (d < 0) d = 0; printf "%.3f", d }'; }

START_EPOCH=$(date +%s)
START_TIME=$(now)
DEADLINE=$((START_EPOCH + TIME_LIMIT))
RESERVE=3 # seconds kept back for writing the file

# seconds a step may take: min(wanted, time left before the deadline minus the reserve)
budget() {
  local left=$((DEADLINE - $(date +%s) - RESERVE))
  if [ "$left" -lt "$1" ]; then printf '%s' "$left"; else printf '%s' "$1"; fi
}

# ---------------------------------------------------------------------------------------
# JSON helpers

# JSON string literal of stdin: escapes quotes, backslashes and control characters, keeps
# valid UTF-8, replaces invalid bytes with U+FFFD; a final newline is dropped.
JSON_AWK='
BEGIN { for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i; printf "\"" }
{
  if (NR > 1) printf "\\n"
  line = $0
  if (line ~ /^[ -~]*$/ && index(line, "\"") == 0 && index(line, "\\") == 0) { printf "%s", line; next }
  n = length(line)
  for (i = 1; i <= n; i++) {
    c = substr(line, i, 1); b = ord[c]
    if (c == "\"") printf "\\\""
    else if (c == "\\") printf "\\\\"
    else if (b == 9) printf "\\t"
    else if (b == 13) printf "\\r"
    else if (b < 32 || b == 127) printf "\\u%04x", b
    else if (b < 128) printf "%s", c
    else {
      need = (b >= 194 && b <= 223) ? 1 : (b >= 224 && b <= 239) ? 2 : (b >= 240 && b <= 244) ? 3 : 0
      ok = (need > 0 && i + need <= n)
      for (k = 1; ok && k <= need; k++) { cb = ord[substr(line, i + k, 1)]; if (cb < 128 || cb > 191) ok = 0 }
      if (ok) {
        c2 = ord[substr(line, i + 1, 1)]
        if ((b == 224 && c2 < 160) || (b == 237 && c2 > 159) || (b == 240 && c2 < 144) || (b == 244 && c2 > 143)) ok = 0
      }
      if (ok) { printf "%s", substr(line, i, need + 1); i += need } else printf "\\ufffd"
    }
  }
}
END { printf "\"" }'

MAX_TEXT_BYTES=150000

json_file() { # JSON string of a file's contents (NUL bytes dropped, capped), null if absent
  if [ -f "$1" ]; then
    local size
    size=$(wc -c <"$1" | tr -d ' ')
    if [ "${size:-0}" -gt "$MAX_TEXT_BYTES" ]; then
      { head -c "$MAX_TEXT_BYTES" "$1" | tr -d '\000'; printf '\n[truncated by probe.sh: %s bytes in all]' "$size"; } | awk "$JSON_AWK"
    else
      tr -d '\000' <"$1" | awk "$JSON_AWK"
    fi
  else
    printf 'null'
  fi
}
json_str() {
  case "$1" in
  *[!\ -~]* | *'"'* | *'\'*) printf '%s' "$1" | awk "$JSON_AWK" ;;
  *) printf '"%s"' "$1" ;; # printable ASCII without quotes or backslashes: nothing to escape
  esac
}
json_str_or_null() { if [ -n "$1" ]; then json_str "$1"; else printf 'null'; fi; }
json_num() { # a JSON number, or null when the value is not one
  if [[ "$1" =~ ^-?0[0-9] ]]; then
    json_num "$(printf '%s' "$1" | sed -E 's/^(-?)0+([0-9])/\1\2/')"
  elif [[ "$1" =~ ^-?[0-9]+(\.[0-9]+)?$ ]]; then
    printf '%s' "$1"
  else printf 'null'; fi
}
json_bool() { if [ "$1" = 1 ]; then printf 'true'; else printf 'false'; fi; }

STEPS_JSON=""
add_step() { # name ok(1/0) seconds [error]
  local entry
  entry="{\"name\": $(json_str "$1"), \"ok\": $(json_bool "$2"), \"seconds\": $(json_num "$3")"
  if [ "$2" != 1 ]; then entry="$entry, \"error\": $(json_str "${4:-failed}")"; fi
  entry="$entry}"
  if [ -n "$STEPS_JSON" ]; then STEPS_JSON="$STEPS_JSON,
    $entry"; else STEPS_JSON="$entry"; fi
}

# ---------------------------------------------------------------------------------------
# Work directory (the only place the probe writes, besides the output file)

if [ -n "$DISK_DIR" ]; then
  [ -d "$DISK_DIR" ] || die_usage "--disk-dir $DISK_DIR is not a directory"
  WORK=$(mktemp -d "$DISK_DIR/gpu-scout-probe.XXXXXX" 2>/dev/null) || {
    echo "probe.sh: cannot create a directory in $DISK_DIR (is it writable?)" >&2
    exit 1
  }
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/gpu-scout-probe.XXXXXX" 2>/dev/null) || {
    echo "probe.sh: cannot create a temporary directory under ${TMPDIR:-/tmp}; use --disk-dir" >&2
    exit 1
  }
fi
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT
trap 'cleanup; exit 130' INT
trap 'cleanup; exit 143' TERM

OUT_DIR=$(dirname "$OUT_FILE")
[ -d "$OUT_DIR" ] && [ -w "$OUT_DIR" ] || {
  echo "probe.sh: cannot write $OUT_FILE (directory missing or not writable); use --out" >&2
  exit 1
}

TOTAL_STEPS=8
[ -n "$DOWNLOAD_URL" ] && TOTAL_STEPS=$((TOTAL_STEPS + 1))
[ -n "$RUN_CMD" ] && TOTAL_STEPS=$((TOTAL_STEPS + 1))
STEP_NO=0
progress() {
  STEP_NO=$((STEP_NO + 1))
  printf '[%d/%d] %s...\n' "$STEP_NO" "$TOTAL_STEPS" "$1" >&2
}

# run_step NAME SECONDS OUTFILE CMD... : runs CMD under timeout, output to OUTFILE,
# records the step; returns the command's status.
run_step() {
  local name="$1" want="$2" out="$3" t s e rc err
  shift 3
  t=$(budget "$want")
  if [ "$t" -le 0 ]; then
    add_step "$name" 0 0 "skipped: the --time-limit was reached"
    return 125
  fi
  s=$(now)
  timeout -k 2 "$t" "$@" >"$out" 2>&1 </dev/null
  rc=$?
  e=$(now)
  if [ "$rc" -eq 0 ]; then
    add_step "$name" 1 "$(elapsed "$s" "$e")"
  else
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
      err="timed out after ${t} s"
    else
      err="exit status $rc: $(tail -n 3 "$out" 2>/dev/null | tr '\n' ' ' | head -c 300)"
    fi
    add_step "$name" 0 "$(elapsed "$s" "$e")" "$err"
  fi
  return "$rc"
}

# ---------------------------------------------------------------------------------------
# 1. host

progress "system information"
s=$(now)
OS_NAME=""
if [ -r /etc/os-release ]; then
  OS_NAME=$(sed -n 's/^PRETTY_NAME=//p' /etc/os-release | head -n 1 | sed -e 's/^"//' -e 's/"$//')
fi
KERNEL=$(uname -r 2>/dev/null)
ARCH=$(uname -m 2>/dev/null)
CPU_MODEL=$(grep -m 1 -E '^(model name|Model|cpu model)[[:space:]]*:' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*:[[:space:]]*//')
CPU_CORES=$(nproc 2>/dev/null)
MEM_MB=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 }' /proc/meminfo 2>/dev/null)
UPTIME_S=$(awk '{ print $1 }' /proc/uptime 2>/dev/null)
BOOTED_AT=""
if [ -n "$UPTIME_S" ]; then
  BOOT_EPOCH=$(awk -v n="$(date +%s)" -v u="$UPTIME_S" 'BEGIN { printf "%d", n - u }')
  BOOTED_AT=$(date -u -d "@$BOOT_EPOCH" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null ||
    date -u -r "$BOOT_EPOCH" +%Y-%m-%dT%H:%M:%SZ 2>/dev/null)
fi
DISK_FREE_MB=$(timeout 10 df -Pk "$WORK" 2>/dev/null | awk 'NR == 2 { printf "%d", $4 / 1024 }')
DISK_FS=$(timeout 10 stat -f -c %T "$WORK" 2>/dev/null)
HOST_HASH=""
if command -v sha256sum >/dev/null 2>&1; then
  HOST_HASH=$(printf 'gpu-scout-probe:%s' "$(uname -n 2>/dev/null)" | sha256sum | cut -c 1-16)
fi
CONTAINER=""
if [ -f /.dockerenv ]; then
  CONTAINER="docker"
elif [ -f /run/.containerenv ]; then
  CONTAINER="podman"
elif grep -qE '(docker|kubepods|containerd|lxc)' /proc/1/cgroup 2>/dev/null; then CONTAINER="container"; fi
SYS_VENDOR=$(head -c 200 /sys/class/dmi/id/sys_vendor 2>/dev/null | head -n 1)
SYS_PRODUCT=$(head -c 200 /sys/class/dmi/id/product_name 2>/dev/null | head -n 1)
if [ "$(id -u 2>/dev/null)" = 0 ]; then AS_ROOT=1; else AS_ROOT=0; fi
if [ -n "$CPU_CORES" ] && [ -n "$MEM_MB" ]; then
  add_step "system information" 1 "$(elapsed "$s" "$(now)")"
else
  add_step "system information" 0 "$(elapsed "$s" "$(now)")" "could not read /proc (CPU count or memory missing)"
fi

# ---------------------------------------------------------------------------------------
# 2-5. nvidia-smi

SMI_TABLE="$WORK/smi-table.txt"
SMI_Q="$WORK/smi-q.txt"
SMI_CSV="$WORK/smi-query.csv"
SMI_LIST="$WORK/smi-list.txt"
QUERY_FIELDS="index,name,memory.total,memory.used,driver_version,pci.bus_id,mig.mode.current,persistence_mode,power.limit,ecc.mode.current"

if command -v nvidia-smi >/dev/null 2>&1; then
  # a failed command's output is in its step's error; its raw text is left out (null)
  progress "nvidia-smi"
  run_step "nvidia-smi" 30 "$SMI_TABLE" nvidia-smi || rm -f "$SMI_TABLE"
  progress "nvidia-smi -q"
  run_step "nvidia-smi -q" 60 "$SMI_Q" nvidia-smi -q || rm -f "$SMI_Q"
  progress "nvidia-smi --query-gpu"
  if ! run_step "nvidia-smi --query-gpu" 30 "$SMI_CSV" nvidia-smi --query-gpu="$QUERY_FIELDS" --format=csv; then
    # older drivers reject fields they do not know (mig.mode.current before R450): retry with
    # the fields every driver has
    run_step "nvidia-smi --query-gpu (basic fields)" 30 "$SMI_CSV" nvidia-smi \
      --query-gpu=index,name,memory.total,memory.used,driver_version,pci.bus_id --format=csv || rm -f "$SMI_CSV"
  fi
  progress "nvidia-smi -L"
  run_step "nvidia-smi -L" 30 "$SMI_LIST" nvidia-smi -L || rm -f "$SMI_LIST"
else
  for n in "nvidia-smi" "nvidia-smi -q" "nvidia-smi --query-gpu" "nvidia-smi -L"; do
    progress "$n"
    add_step "$n" 0 0 "nvidia-smi not found on PATH (no NVIDIA driver, or not in this container)"
  done
  SMI_TABLE="$WORK/absent"
  SMI_Q="$WORK/absent"
  SMI_CSV="$WORK/absent"
  SMI_LIST="$WORK/absent"
fi

first_match() { # sed expression over files that exist; first non-empty result
  local expr="$1" f v
  shift
  for f in "$@"; do
    [ -f "$f" ] || continue
    v=$(sed -n -E "$expr" "$f" | head -n 1)
    if [ -n "$v" ]; then
      printf '%s' "$v"
      return 0
    fi
  done
  return 1
}

# value of a named column in the first data row of a --query-gpu csv (header names may carry
# units, e.g. "memory.total [MiB]"); $2 = "count" gives the number of data rows instead
csv_column() {
  [ -f "$1" ] || return 1
  awk -v want="$2" '
    function trim(s) { sub(/^[ \t\r]+/, "", s); sub(/[ \t\r]+$/, "", s); return s }
    !header && /(^|,)[ \t]*(index|name|driver_version|pci\.bus_id)([ \t]*\[[^]]*\])?[ \t]*(,|$)/ {
      n = split($0, h, ","); for (i = 1; i <= n; i++) { k = trim(h[i]); sub(/[ \t]*\[.*$/, "", k); col[k] = i }
      header = 1; next
    }
    header && NF && $0 ~ /,/ {
      rows++
      if (rows == 1 && want != "rows" && (want in col)) { split($0, v, ","); value = trim(v[col[want]]) }
    }
    END { if (want == "rows") { if (rows) print rows } else if (value != "") print value }
  ' "$1"
}

DRIVER_VERSION=$(first_match 's/.*(Driver|KMD) Version: *([0-9][0-9.]*).*/\2/p' "$SMI_TABLE" ||
  first_match 's/^[[:space:]]*Driver Version[[:space:]]*: *([0-9][0-9.]*).*/\1/p' "$SMI_Q" ||
  csv_column "$SMI_CSV" driver_version | grep -E '^[0-9][0-9.]*$')
CUDA_VERSION=$(first_match 's/.*CUDA( UMD)? Version: *([0-9][0-9.]*).*/\2/p' "$SMI_TABLE" ||
  first_match 's/^[[:space:]]*CUDA Version[[:space:]]*: *([0-9][0-9.]*).*/\1/p' "$SMI_Q")

GPU_COUNT=""
[ -f "$SMI_LIST" ] && GPU_COUNT=$(grep -cE '^[[:space:]]*GPU [0-9]+:' "$SMI_LIST")
[ "${GPU_COUNT:-0}" -gt 0 ] 2>/dev/null || GPU_COUNT=$(csv_column "$SMI_CSV" rows)
[ "${GPU_COUNT:-0}" -gt 0 ] 2>/dev/null || GPU_COUNT=$(first_match 's/^[[:space:]]*Attached GPUs[[:space:]]*: *([0-9]+).*/\1/p' "$SMI_Q")
if ! [ "${GPU_COUNT:-0}" -gt 0 ] 2>/dev/null && [ -f "$SMI_TABLE" ]; then
  GPU_COUNT=$(grep -cE '^[[:space:]]*\|[[:space:]]+[0-9]+[[:space:]]+.*\|[[:space:]]*[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9]' "$SMI_TABLE")
fi
[ "${GPU_COUNT:-0}" -gt 0 ] 2>/dev/null || GPU_COUNT=""

MIG_MODE=$(csv_column "$SMI_CSV" mig.mode.current)
case "$MIG_MODE" in Enabled | Disabled) ;; *) MIG_MODE="" ;; esac
if [ -z "$MIG_MODE" ] && [ -f "$SMI_Q" ]; then
  MIG_MODE=$(awk '/^[[:space:]]*MIG Mode[[:space:]]*$/ { m = 1; next } m && /Current/ { sub(/^[^:]*:[[:space:]]*/, ""); print; exit }' "$SMI_Q")
fi
if [ -z "$MIG_MODE" ] || [ "$MIG_MODE" = "N/A" ]; then
  if [ -f "$SMI_LIST" ] && grep -qE '^[[:space:]]*MIG ' "$SMI_LIST"; then
    MIG_MODE="Enabled"
  elif [ -f "$SMI_TABLE" ] && grep -q 'MIG devices:' "$SMI_TABLE"; then
    MIG_MODE="Enabled"
  elif [ -z "$MIG_MODE" ] && [ -f "$SMI_TABLE" ]; then
    MIG_MODE=$(awk '/^[[:space:]]*\|[[:space:]]+[0-9]+[[:space:]]+.*[0-9A-Fa-f][0-9A-Fa-f]:[0-9A-Fa-f][0-9A-Fa-f]\.[0-9]/ { r = NR }
      r && NR == r + 2 { n = split($0, c, "|"); v = c[n - 1]; gsub(/[[:space:]]/, "", v); print v; exit }' "$SMI_TABLE")
    case "$MIG_MODE" in Enabled | Disabled | N/A) ;; *) MIG_MODE="" ;; esac
  fi
fi

# ---------------------------------------------------------------------------------------
# 6. framework versions (optional python3)

progress "framework versions"
FRAMEWORKS_JSON="null"
PY_CODE='
import sys
print("python=" + sys.version.split()[0])
try:
    from importlib import metadata
except Exception:
    metadata = None
names = ["torch", "tensorflow", "jax", "jaxlib", "transformers", "accelerate", "deepspeed",
         "vllm", "sglang", "flash-attn", "xformers", "triton", "tensorrt", "onnxruntime-gpu"]
found = set()
for name in names:
    try:
        print(name + "=" + metadata.version(name))
        found.add(name)
    except Exception:
        pass
if "torch" in found:
    try:
        import torch
        if torch.version.cuda:
            print("torch.cuda=" + str(torch.version.cuda))
        v = torch.backends.cudnn.version()
        if v:
            print("torch.cudnn=" + str(v))
        print("torch.cuda_available=" + str(torch.cuda.is_available()).lower())
        if torch.cuda.is_available():
            print("torch.device_count=" + str(torch.cuda.device_count()))
    except Exception as e:
        print("torch.error=" + type(e).__name__)
'
if command -v python3 >/dev/null 2>&1; then
  if run_step "framework versions" 60 "$WORK/frameworks.txt" python3 -c "$PY_CODE"; then
    FRAMEWORKS_JSON=$(grep -E '^[A-Za-z0-9._-]{1,40}=.{1,100}$' "$WORK/frameworks.txt" | head -n 40 |
      while IFS='=' read -r key value; do printf '%s: %s\n' "$(json_str "$key")" "$(json_str "$value")"; done |
      awk 'BEGIN { printf "{" } { printf "%s%s", (NR > 1 ? ", " : ""), $0 } END { printf "}" }')
  fi
else
  add_step "framework versions" 1 0
fi
rm -f "$WORK/frameworks.txt"

# ---------------------------------------------------------------------------------------
# 7-8. disk throughput

DISK_FILE="$WORK/disk-test.bin"
DISK_TOOL="dd"
DISK_BYTES=""
WRITE_MBPS=""
READ_MBPS=""
DISK_DIRECT=0
mb=$DISK_MB
if [ -n "$DISK_FREE_MB" ] && [ "$DISK_FREE_MB" -lt $((mb + 256)) ]; then
  mb=$(((DISK_FREE_MB - 256) / 2))
fi

mbps() { awk -v mb="$1" -v s="$2" 'BEGIN { if (s < 0.001) s = 0.001; printf "%.1f", mb / s }'; }

fio_bw() { # bytes/s of the read or write section of fio's json output
  awk -v sec="$2" '$0 ~ "\"" sec "\"[ \t]*:[ \t]*[{]" { inside = 1 } inside && match($0, /"bw_bytes"[ \t]*:[ \t]*[0-9]+/) {
    v = substr($0, RSTART, RLENGTH); sub(/.*:[ \t]*/, "", v); print v; exit
  }' "$1"
}

if [ "$mb" -lt 1 ]; then
  progress "disk write"
  add_step "disk write" 0 0 "not enough free space in the disk directory (${DISK_FREE_MB:-?} MB free)"
  progress "disk read"
  add_step "disk read" 0 0 "skipped: no test file was written"
else
  DISK_BYTES=$((mb * 1048576))
  used_fio=0
  if command -v fio >/dev/null 2>&1; then
    progress "disk write ($mb MB, fio)"
    if run_step "disk write (fio)" 120 "$WORK/fio-write.json" fio --name=write --filename="$DISK_FILE" --rw=write \
      --bs=1M --size="${mb}M" --direct=1 --end_fsync=1 --output-format=json; then
      bw=$(fio_bw "$WORK/fio-write.json" write)
      if [ -n "$bw" ] && [ "$bw" -gt 0 ]; then
        used_fio=1
        DISK_TOOL="fio"
        DISK_DIRECT=1
        WRITE_MBPS=$(awk -v b="$bw" 'BEGIN { printf "%.1f", b / 1048576 }')
        progress "disk read ($mb MB, fio)"
        if run_step "disk read (fio)" 120 "$WORK/fio-read.json" fio --name=read --filename="$DISK_FILE" --rw=read \
          --bs=1M --size="${mb}M" --direct=1 --output-format=json; then
          bw=$(fio_bw "$WORK/fio-read.json" read)
          [ -n "$bw" ] && READ_MBPS=$(awk -v b="$bw" 'BEGIN { printf "%.1f", b / 1048576 }')
        fi
      fi
    fi
    rm -f "$DISK_FILE" "$WORK"/fio-*.json
    if [ "$used_fio" = 0 ]; then
      # fio failed or its output was not understood: fall back to dd (the step list keeps both)
      TOTAL_STEPS=$((TOTAL_STEPS + 1))
    fi
  fi
  if [ "$used_fio" = 0 ]; then
    progress "disk write ($mb MB, dd)"
    t=$(budget 120)
    if [ "$t" -le 0 ]; then
      add_step "disk write" 0 0 "skipped: the --time-limit was reached"
    else
      s=$(now)
      timeout -k 2 "$t" dd if=/dev/zero of="$DISK_FILE" bs=1M count="$mb" conv=fdatasync oflag=direct >"$WORK/dd.txt" 2>&1
      rc=$?
      if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && [ "$rc" -ne 137 ]; then
        # no O_DIRECT on this filesystem (tmpfs, some overlays): plain write + fdatasync
        rm -f "$DISK_FILE"
        t=$(budget 120)
        s=$(now)
        timeout -k 2 "$t" dd if=/dev/zero of="$DISK_FILE" bs=1M count="$mb" conv=fdatasync >"$WORK/dd.txt" 2>&1
        rc=$?
      else
        DISK_DIRECT=1
      fi
      e=$(now)
      if [ "$rc" -eq 0 ]; then
        WRITE_MBPS=$(mbps "$mb" "$(elapsed "$s" "$e")")
        add_step "disk write" 1 "$(elapsed "$s" "$e")"
      elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
        DISK_DIRECT=0
        add_step "disk write" 0 "$(elapsed "$s" "$e")" "timed out after ${t} s (use a smaller --disk-mb)"
      else
        DISK_DIRECT=0
        add_step "disk write" 0 "$(elapsed "$s" "$e")" "dd failed: $(tail -n 2 "$WORK/dd.txt" | tr '\n' ' ' | head -c 300)"
      fi
    fi
    progress "disk read ($mb MB, dd)"
    if [ -n "$WRITE_MBPS" ]; then
      t=$(budget 120)
      if [ "$t" -le 0 ]; then
        add_step "disk read" 0 0 "skipped: the --time-limit was reached"
      else
        s=$(now)
        if [ "$DISK_DIRECT" = 1 ]; then
          timeout -k 2 "$t" dd if="$DISK_FILE" of=/dev/null bs=1M iflag=direct >"$WORK/dd.txt" 2>&1
          rc=$?
        else
          rc=1
        fi
        if [ "$rc" -ne 0 ] && [ "$rc" -ne 124 ] && [ "$rc" -ne 137 ]; then
          DISK_DIRECT=0
          t=$(budget 120)
          s=$(now)
          timeout -k 2 "$t" dd if="$DISK_FILE" of=/dev/null bs=1M >"$WORK/dd.txt" 2>&1
          rc=$?
        fi
        e=$(now)
        if [ "$rc" -eq 0 ]; then
          READ_MBPS=$(mbps "$mb" "$(elapsed "$s" "$e")")
          add_step "disk read" 1 "$(elapsed "$s" "$e")"
        elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
          add_step "disk read" 0 "$(elapsed "$s" "$e")" "timed out after ${t} s"
        else
          add_step "disk read" 0 "$(elapsed "$s" "$e")" "dd failed: $(tail -n 2 "$WORK/dd.txt" | tr '\n' ' ' | head -c 300)"
        fi
      fi
    else
      add_step "disk read" 0 0 "skipped: the write test did not complete"
    fi
    rm -f "$DISK_FILE" "$WORK/dd.txt"
  fi
fi

# ---------------------------------------------------------------------------------------
# 9. optional download (GET only; data goes to /dev/null through head, which bounds it)

DOWNLOAD_JSON="null"
if [ -n "$DOWNLOAD_URL" ]; then
  progress "download"
  DL_HOST=$(printf '%s' "$DOWNLOAD_URL" | sed -E 's#^([a-z]+)://([^/@]*@)?([^/:?#]*).*#\1://\3#')
  if ! command -v curl >/dev/null 2>&1; then
    add_step "download" 0 0 "curl not found on PATH"
    DOWNLOAD_JSON="{\"source\": $(json_str "$DL_HOST"), \"bytes\": null, \"seconds\": null, \"megabitsPerSecond\": null, \"limitReached\": false}"
  else
    t=$(budget 600)
    if [ "$t" -le 0 ]; then
      add_step "download" 0 0 "skipped: the --time-limit was reached"
      DOWNLOAD_JSON="{\"source\": $(json_str "$DL_HOST"), \"bytes\": null, \"seconds\": null, \"megabitsPerSecond\": null, \"limitReached\": false}"
    else
      max_bytes=$((DOWNLOAD_MAX_MB * 1048576))
      s=$(now)
      dl_bytes=$(timeout -k 2 "$t" curl -q -sS -L -f --proto '=http,https,ftp,file' --max-time "$t" -o - "$DOWNLOAD_URL" 2>"$WORK/curl.txt" |
        head -c "$max_bytes" | wc -c | tr -d ' ')
      e=$(now)
      secs=$(elapsed "$s" "$e")
      limit=0
      [ "${dl_bytes:-0}" -ge "$max_bytes" ] && limit=1
      dl_mbps=""
      if [ "${dl_bytes:-0}" -gt 0 ]; then
        dl_mbps=$(awk -v b="$dl_bytes" -v s="$secs" 'BEGIN { if (s < 0.001) s = 0.001; printf "%.1f", b * 8 / 1000000 / s }')
      fi
      if [ "${dl_bytes:-0}" -gt 0 ] && { [ "$limit" = 1 ] || ! [ -s "$WORK/curl.txt" ]; }; then
        add_step "download" 1 "$secs"
      elif [ "${dl_bytes:-0}" -gt 0 ]; then
        add_step "download" 0 "$secs" "incomplete: $(head -c 300 "$WORK/curl.txt" | tr '\n' ' ')"
      else
        add_step "download" 0 "$secs" "no data: $(head -c 300 "$WORK/curl.txt" | tr '\n' ' ')"
      fi
      DOWNLOAD_JSON="{\"source\": $(json_str "$DL_HOST"), \"bytes\": $(json_num "$dl_bytes"), \"seconds\": $(json_num "$secs"), \"megabitsPerSecond\": $(json_num "$dl_mbps"), \"limitReached\": $(json_bool "$limit")}"
      rm -f "$WORK/curl.txt"
    fi
  fi
fi

# ---------------------------------------------------------------------------------------
# 10. optional user command (the scaled-down job)

RUN_JSON="null"
if [ -n "$RUN_CMD" ]; then
  progress "run command"
  want=${RUN_TIMEOUT:-86400}
  t=$(budget "$want")
  if [ "$t" -le 0 ]; then
    add_step "run command" 0 0 "skipped: the --time-limit was reached"
    RUN_JSON="{\"command\": $(json_str "$RUN_CMD"), \"exitCode\": null, \"wallSeconds\": null, \"timedOut\": false, \"outputTail\": \"\"}"
  else
    s=$(now)
    timeout -k 5 "$t" bash -c "$RUN_CMD" >"$WORK/run.txt" 2>&1 </dev/null
    rc=$?
    e=$(now)
    secs=$(elapsed "$s" "$e")
    timed_out=0
    if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then timed_out=1; fi
    if [ "$rc" -eq 0 ]; then
      add_step "run command" 1 "$secs"
    elif [ "$timed_out" = 1 ]; then
      add_step "run command" 0 "$secs" "killed after ${t} s (--run-timeout or --time-limit)"
    else
      add_step "run command" 0 "$secs" "exit status $rc"
    fi
    tail -n 20 "$WORK/run.txt" | tail -c 4096 >"$WORK/run-tail.txt"
    RUN_JSON="{\"command\": $(json_str "$RUN_CMD"), \"exitCode\": $rc, \"wallSeconds\": $(json_num "$secs"), \"timedOut\": $(json_bool "$timed_out"), \"outputTail\": $(json_file "$WORK/run-tail.txt")}"
    rm -f "$WORK/run.txt" "$WORK/run-tail.txt"
  fi
fi

# ---------------------------------------------------------------------------------------
# Write the file

printf 'Writing %s\n' "$OUT_FILE" >&2
DURATION=$(elapsed "$START_TIME" "$(now)")
if [ "$HAVE_LABEL" = 1 ]; then LABEL_JSON=$(json_str "$(printf '%s' "$LABEL" | head -c 500)"); else LABEL_JSON="null"; fi
if [ "$AS_ROOT" = 1 ]; then AS_ROOT_JSON=true; else AS_ROOT_JSON=false; fi

TMP_OUT="$OUT_FILE.partial.$$"
{
  printf '{\n'
  printf '  "schema": "gpu-scout-probe",\n'
  printf '  "version": %d,\n' "$PROBE_VERSION"
  printf '  "scriptRevision": "%s",\n' "$SCRIPT_REVISION"
  printf '  "createdAt": "%s",\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  printf '  "label": %s,\n' "$LABEL_JSON"
  printf '  "durationSeconds": %s,\n' "$(json_num "$DURATION")"
  printf '  "timeLimitSeconds": %d,\n' "$TIME_LIMIT"
  printf '  "host": {\n'
  printf '    "hostnameHash": %s,\n' "$(json_str_or_null "$HOST_HASH")"
  printf '    "os": %s,\n' "$(json_str_or_null "$OS_NAME")"
  printf '    "kernel": %s,\n' "$(json_str_or_null "$KERNEL")"
  printf '    "arch": %s,\n' "$(json_str_or_null "$ARCH")"
  printf '    "cpuModel": %s,\n' "$(json_str_or_null "$CPU_MODEL")"
  printf '    "cpuCores": %s,\n' "$(json_num "$CPU_CORES")"
  printf '    "memoryTotalMB": %s,\n' "$(json_num "$MEM_MB")"
  printf '    "diskFreeMB": %s,\n' "$(json_num "$DISK_FREE_MB")"
  printf '    "diskFilesystem": %s,\n' "$(json_str_or_null "$DISK_FS")"
  printf '    "uptimeSeconds": %s,\n' "$(json_num "$UPTIME_S")"
  printf '    "bootedAt": %s,\n' "$(json_str_or_null "$BOOTED_AT")"
  printf '    "container": %s,\n' "$(json_str_or_null "$CONTAINER")"
  printf '    "systemVendor": %s,\n' "$(json_str_or_null "$SYS_VENDOR")"
  printf '    "systemProduct": %s,\n' "$(json_str_or_null "$SYS_PRODUCT")"
  printf '    "runAsRoot": %s\n' "$AS_ROOT_JSON"
  printf '  },\n'
  printf '  "gpu": {\n'
  printf '    "count": %s,\n' "$(json_num "$GPU_COUNT")"
  printf '    "driverVersion": %s,\n' "$(json_str_or_null "$DRIVER_VERSION")"
  printf '    "cudaVersion": %s,\n' "$(json_str_or_null "$CUDA_VERSION")"
  printf '    "migMode": %s,\n' "$(json_str_or_null "$MIG_MODE")"
  printf '    "query": %s,\n' "$(json_file "$SMI_CSV")"
  printf '    "details": %s,\n' "$(json_file "$SMI_Q")"
  printf '    "list": %s,\n' "$(json_file "$SMI_LIST")"
  printf '    "smi": %s\n' "$(json_file "$SMI_TABLE")"
  printf '  },\n'
  printf '  "frameworks": %s,\n' "$FRAMEWORKS_JSON"
  printf '  "disk": {"writeMBps": %s, "readMBps": %s, "tool": "%s", "bytes": %s, "direct": %s},\n' \
    "$(json_num "$WRITE_MBPS")" "$(json_num "$READ_MBPS")" "$DISK_TOOL" "$(json_num "$DISK_BYTES")" "$(json_bool "$DISK_DIRECT")"
  printf '  "download": %s,\n' "$DOWNLOAD_JSON"
  printf '  "run": %s,\n' "$RUN_JSON"
  printf '  "steps": [\n    %s\n  ]\n' "$STEPS_JSON"
  printf '}\n'
} >"$TMP_OUT" || {
  rm -f "$TMP_OUT"
  echo "probe.sh: could not write $OUT_FILE" >&2
  exit 1
}
mv -f "$TMP_OUT" "$OUT_FILE" || {
  rm -f "$TMP_OUT"
  echo "probe.sh: could not write $OUT_FILE" >&2
  exit 1
}
printf 'Probe finished in %s s. Import this file in the GPU Scout trial form:\n' "$DURATION" >&2
printf '%s\n' "$OUT_FILE"
