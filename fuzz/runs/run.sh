#!/bin/bash
# runs/run.sh TARGET RUNS [libFuzzer options...]: one fuzzing process at the lowest priority,
# the last lines (final stats) kept in runs/TARGET.log. Run from fuzz/.
set -e
t=$1; n=$2; shift 2
cd "$(dirname "$0")/.."
case $t in
  pdn_reader) opts="-dict=dict/pdn.dict -max_len=2048" ;;
  move_text) opts="-dict=dict/move.dict -max_len=64" ;;
  fen) opts="-dict=dict/fen.dict -max_len=256" ;;
esac
mkdir -p corpus/$t runs
start=$(date +%s)
nice -n 19 cargo +nightly fuzz run -s none $t corpus/$t seeds/$t -- \
  $opts -timeout=10 -rss_limit_mb=2048 -runs=$n -print_final_stats=1 "$@" 2>&1 \
  | grep -v -E '^#[0-9]+.*(NEW|REDUCE)|# Uses: ' | cut -c1-300 | tail -n 60 > runs/$t.log.tmp
end=$(date +%s)
{ echo "# $(date -u +%FT%TZ) $t -runs=$n $opts $* ; wall $((end - start)) s"; cat runs/$t.log.tmp; } >> runs/$t.log
rm runs/$t.log.tmp
tail -n 12 runs/$t.log
