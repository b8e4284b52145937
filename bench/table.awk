# Copyright (C) 2026 the grabrat authors
# SPDX-License-Identifier: GPL-3.0-or-later
# bench/table.awk: the tables of doc/benchmarks.md (bench/to-doc.sh runs
# it) from a bench script's output (the '== CASE (median of N rounds)'
# blocks of bench/lib.sh's race): one row per case, the first
# contender's median seconds, then each other contender's ratio to it.
# Cases raced by the same contenders share a table, whose columns they
# name ("(grabrat)" and "(no tool: ceiling)" shortened).  Run:
#   awk -f bench/table.awk OUTPUT
# Other blocks (the RSS table, notes) are passed through after the tables.
function short(n) {
  sub(/ \(grabrat\)$/, "", n)
  sub(/^\(no tool: ceiling\)$/, "(no tool)", n)
  return n
}
/^== .*\(median of [0-9]+ rounds\)$/ {
  t = $0
  sub(/^== /, "", t)
  sub(/ \(median of [0-9]+ rounds\)$/, "", t)
  ncases++
  title[ncases] = t
  sig[ncases] = ""
  n[ncases] = 0
  inrace = 1
  next
}
/^== / { inrace = 0 }
inrace && / ratio +[0-9.]+( +over floor +[0-9.]+)?$/ {
  line = $0
  sub(/^ +/, "", line)
  name = line
  sub(/ +[0-9.]+ s +ratio.*$/, "", name)
  secs = line
  sub(/ s +ratio.*$/, "", secs)
  sub(/^.* /, "", secs)
  r = line
  sub(/^.*ratio +/, "", r)
  sub(/ +over floor.*$/, "", r)
  k = ++n[ncases]
  who[ncases, k] = short(name)
  val[ncases, k] = (k == 1 ? sprintf ("%.3f s", secs) : r)
  sig[ncases] = sig[ncases] SUBSEP short(name)
  next
}
inrace { next }
NF || rest != "" { rest = rest $0 "\n" }
END {
  for (i = 1; i <= ncases; i++) {
    if (done[i]) continue
    # The header: the contenders of this group, each column as wide as
    # its name (at least 8).
    w0 = 36
    for (j = i; j <= ncases; j++)
      if (sig[j] == sig[i] && length (title[j]) > w0) w0 = length (title[j])
    printf "    %-" w0 "s", "case"
    for (k = 1; k <= n[i]; k++) {
      wd[k] = length (who[i, k]) < 8 ? 8 : length (who[i, k])
      printf "  %" wd[k] "s", who[i, k]
    }
    printf "\n"
    for (j = i; j <= ncases; j++) {
      if (sig[j] != sig[i]) continue
      done[j] = 1
      printf "    %-" w0 "s", title[j]
      for (k = 1; k <= n[j]; k++) printf "  %" wd[k] "s", val[j, k]
      printf "\n"
    }
    printf "\n"
  }
  printf "%s", rest
}
