# bench/table.awk: the README's table from a bench script's output (the
# '== CASE (median of N rounds)' blocks of bench/lib.sh's race): one row
# per case, the first contender's median seconds, then each other
# contender's ratio to it, in columns named by the contenders seen (a
# contender missing from a case leaves its column empty).  Run:
#   awk -f bench/table.awk OUTPUT
# Other lines (the RSS table, notes) are passed through after the table.
/^== / {
  t = $0
  sub(/^== /, "", t)
  sub(/ \(median of [0-9]+ rounds\)$/, "", t)
  ncases++
  title[ncases] = t
  first = 1
  next
}
/ ratio +[0-9.]+$/ && ncases {
  line = $0
  sub(/^ +/, "", line)
  name = line
  sub(/ +[0-9.]+ s +ratio.*$/, "", name)
  match (line, /[0-9.]+ s +ratio/)
  secs = substr (line, RSTART, RLENGTH)
  sub(/ s +ratio/, "", secs)
  r = line
  sub(/^.*ratio +/, "", r)
  if (first) {
    base[ncases] = secs
    if (!ours) ours = name
    first = 0
  } else {
    if (!(name in col)) { col[name] = ++ncols; cname[ncols] = name }
    ratio[ncases, col[name]] = r
  }
  next
}
/ \(fails: cannot do this\)| \(over [0-9]+ s\)/ && ncases { next }
ncases && NF { rest = rest $0 "\n" }
END {
  printf "    %-44s %9.9s", "case", ours
  for (c = 1; c <= ncols; c++) printf " %11.11s", cname[c]
  printf "\n"
  for (i = 1; i <= ncases; i++) {
    printf "    %-44.44s %7.3f s", title[i], base[i]
    for (c = 1; c <= ncols; c++)
      printf " %11s", ((i, c) in ratio ? ratio[i, c] : "")
    printf "\n"
  }
  if (rest != "") printf "\n%s", rest
}
