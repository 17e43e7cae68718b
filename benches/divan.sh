# Shared by the bench scripts; sourced, not run.

# The fastest sample of the one divan row a bench binary's output (on
# stdin) holds, in ns a query: divan's time of an iteration (1,000
# queries, benches/support/harness.rs) in µs is ns a query.
divan_ns() {
    awk '/│/ && !/item\/s/ && match($0, /[0-9.]+ (ns|µs|ms|s) /) {
             split(substr($0, RSTART, RLENGTH), a, " ")
             f = a[2] == "ns" ? 0.001 : a[2] == "µs" ? 1 : a[2] == "ms" ? 1000 : 1000000
             printf "%.1f", a[1] * f
             exit
         }'
}
