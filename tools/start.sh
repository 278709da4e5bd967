# `npm start` (package.json: `exec sh tools/start.sh`, a POSIX shell; not Windows, where
# `node tools/start.mjs` starts the same server without the two settings below).
#
# Sets what must be in place before node starts, then replaces this shell with the one node process
# that builds what changed and runs the server (tools/start.mjs): no launcher stays resident beside
# the server, npm's child is the server itself, so Ctrl-C and npm's signals reach it and its exit
# code is npm's (docs/perf.md, "Memory of a default start").
#
# glibc's allocator, which reads these when the process starts (yours win: GLIBC_TUNABLES set, even
# empty, leaves both alone):
# - it gives each thread that allocates an arena of up to 64 MB and keeps what was freed in it:
#   image processing (sharp, on libuv's threads) and WebAssembly compilation left some 80 MB there
#   that the server never used again; two arenas hold the same work;
# - it serves blocks of 128 KB or more from the system and gives them back when freed, but raises
#   that threshold (up to 32 MB) each time such a block is freed, after which large blocks (an
#   image's rows and tiles) stay in the heap once freed: a fixed threshold gave 22–27 MB back with
#   no more CPU per request (tools/bench/node-settings.mjs).
if [ -z "${GLIBC_TUNABLES+set}" ]; then
  [ -n "${MALLOC_ARENA_MAX+set}" ] || export MALLOC_ARENA_MAX=2
  [ -n "${MALLOC_MMAP_THRESHOLD_+set}" ] || export MALLOC_MMAP_THRESHOLD_=131072
fi
# V8's young generation capped at 4 MB a half-space (16 by default): about 20 MB less resident,
# start-up no slower. Only a command-line flag does it (v8.setFlagsFromString comes too late), and
# the command line would override NODE_OPTIONS: a NODE_OPTIONS that sets it wins.
case " ${NODE_OPTIONS-} " in
  *semi-space*) exec node "$(dirname "$0")/start.mjs" "$@" ;;
  *) exec node --max-semi-space-size=4 "$(dirname "$0")/start.mjs" "$@" ;;
esac
