#!/bin/sh
# Learns the evaluation of every preset rule set from nothing and writes assets/eval/*.eval
# (examples/train_eval.rs; see the README, "The computer opponent"). Extra arguments go to each
# run, for instance --games 2000 for a quick try or --threads 16.
# On 2 cores the whole takes about three and a half hours (the README's figures for each
# rule set: 8-15 minutes for English, 18 for Czech, 15 for the 8 men, 25 for Two Towers, 38,
# 38, 31, 40 and 35 more for International); on 16 cores a few minutes.
set -eu
cd "$(dirname "$0")/.."
cargo build --release --example train_eval
# International's self-play: 20,000 games of the weights so far from the openings of seed $1,
# the search discounting for kings or not ($2: on or off), saved for a later fit; the rest of
# the arguments are the script's own.
play() {
    seed=$1 discount=$2
    shift 2
    ./target/release/examples/train_eval "$v" --from "assets/eval/$v.eval" \
        --seed "$seed" --games 20000 --rounds 1 --king-discount "$discount" \
        --save "target/train-$v-$seed-$discount.txt" --play-only \
        "$@" 2>/dev/null | tee -a "target/train-$v.log"
}
for v in czech czech-book english two-towers international; do
    # International's 10x10 patterns need more positions: its shipped weights come from
    # 3 x 16,000 games (about 38 minutes on 2 cores); Czech's from 3 x 20,000 (about 18), the
    # 8 men's from 3 x 16,000 (about 15). Arguments given here still win.
    case $v in
        international | czech-book) more="--games 16000 --rounds 3" ;;
        czech) more="--games 20000 --rounds 3" ;;
        *) more="" ;;
    esac
    if [ "$v" = international ]; then
        # Then, from those, 2 x 12,000 more games fitted with Scan's king reach and balance
        # (about 38 minutes more): the shipped weights, which passed their SPRT against the first.
        # shellcheck disable=SC2086
        ./target/release/examples/train_eval "$v" $more --terms base "$@" 2>/dev/null |
            tee "target/train-$v.log"
        ./target/release/examples/train_eval "$v" --from "assets/eval/$v.eval" --seed 300 \
            --games 12000 --rounds 2 --terms reach "$@" 2>/dev/null | tee -a "target/train-$v.log"
        # Then, twice (seeds 500 and 600), 20,000 games of the weights so far with the king
        # discount and the same 20,000 openings without it (about 35 minutes), and weights
        # fitted from nothing on every set so far with labels three quarters the search's
        # score: each passed its SPRT against the weights before it.
        sets=""
        for seed in 500 600; do
            for discount in on off; do
                play "$seed" "$discount" "$@"
                sets="$sets --samples target/train-$v-$seed-$discount.txt"
            done
            # shellcheck disable=SC2086
            ./target/release/examples/train_eval "$v" --rounds 0 --result-weight 0.25 $sets \
                "$@" 2>/dev/null | tee -a "target/train-$v.log"
        done
        # Last, the same again from those (seed 700, about 35 minutes), fitted on the sets of
        # seeds 600 and 700 only; the shipped weights are the mean of that fit and the one
        # before, which passed its SPRT against the one before alone.
        cp "assets/eval/$v.eval" "target/train-$v-600.eval"
        play 700 on "$@"
        play 700 off "$@"
        ./target/release/examples/train_eval "$v" --rounds 0 --result-weight 0.25 \
            --samples "target/train-$v-600-on.txt" --samples "target/train-$v-600-off.txt" \
            --samples "target/train-$v-700-on.txt" --samples "target/train-$v-700-off.txt" \
            --out "target/train-$v-mix.eval" "$@" 2>/dev/null | tee -a "target/train-$v.log"
        ./target/release/examples/train_eval "$v" --average "target/train-$v-600.eval" \
            --average "target/train-$v-mix.eval" --out "assets/eval/$v.eval" |
            tee -a "target/train-$v.log"
        continue
    fi
    # shellcheck disable=SC2086
    ./target/release/examples/train_eval "$v" $more "$@" 2>/dev/null | tee "target/train-$v.log"
done
