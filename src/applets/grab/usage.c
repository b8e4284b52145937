/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* usage.c: grab's --help (options.h's grab_usage), the text help2man
   makes grab(1) from, apart from the parser it describes.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "progname.h"

#include "system.h"
#include "applets/grab/options.h"

_Noreturn void
grab_usage (int status)
{
  if (status != EXIT_SUCCESS)
    {
      emit_try_help ();
      exit (status);
    }
  printf ("Usage: %s [OPTION]... PATTERNS [FILE]...\n"
          "  or:  %s [OPTION]... PATTERNS --files0-from=LIST\n"
          "  or:  %s --files [OPTION]... [FILE]...\n",
          program_name, program_name, program_name);
  fputs ("\
Search for PATTERNS (Perl regular expressions) in each FILE, in parallel.\n\
Prints what 'grep -P -a' prints: matching lines, prefixed with the file\n\
name when there are several files or with -r.\n\
PATTERNS can contain multiple patterns separated by newlines.\n\
Example: grab -r -i 'hello world' src/\n\
\n\
Coming from grep?  These letters mean something else in grab:\n\
  -n N  threads (grep's -n is --line-number)    -s  stop a file at a match\n\
  -L  halve the window (grep's: list files without a match)\n\
  -H  Hyperscan (grep's: --with-filename)   -I  --color=auto (grep's: -I)\n\
  -O  byte offset of the match (grep's -b)  -S  strings (grep's -F)\n\
'grabrat grep' takes all of GNU grep's letters and patterns.\n\
\n\
grab's own options (their letters differ from GNU grep's on purpose):\n\
  -r, -R, --recursive       search directories recursively; symbolic links\n\
                            are followed only on the command line\n\
      --files               print the names of the files that would be\n\
                            searched, and search none; implies -r, and\n\
                            takes no PATTERNS: every operand is a FILE\n\
      --files0-from=LIST    search the files named in the file LIST, each\n\
                            name ended by a NUL byte (find -print0), not\n\
                            FILE operands; LIST '-' is standard input;\n\
                            LIST is read while the search runs\n\
      --files-from=LIST     the same, one name a line\n\
      --max-depth=N         descend at most N directories below an operand\n\
                            (0: directory operands give nothing)\n\
      --max-filesize=SIZE   skip files found by -r bigger than SIZE bytes\n\
                            (suffixes K, M, G: powers of 1024)\n\
  -n, --threads=N           search with N threads (default: one per CPU,\n\
                            and at least 16 once a tree is found not to be\n\
                            in memory: it is read faster by more readers);\n\
                            with -n 1 the output order is deterministic\n\
  -O, --byte-offset         print the 0-based byte offset of the match\n\
  -l                        print only the names of files with matches;\n\
                            with -O, print NAME:OFFSET for every match\n\
  -s                        stop searching a file after its first match\n\
  -L                        halve the mapping window (1 GiB; repeatable,\n\
                            down to 64 KiB) to bound memory per file;\n\
                            a file of 4 pieces or more (a piece: 16 MiB,\n\
                            or the window if smaller) is searched in\n\
                            pieces by all threads\n\
  -I                        like --color=auto\n\
  -H                        let Hyperscan find the candidate lines (when\n\
                            built with it) unless grab's own prefilter\n\
                            is faster; PCRE2 still decides, so the\n\
                            output is the same\n\
  -S, -F, --fixed-strings   PATTERNS are strings\n\
  -2, -P, --perl-regexp     accepted and ignored (always PCRE2)\n\
      --json                print JSON Lines in ripgrep's schema: begin,\n\
                            match, context and end records for each file\n\
                            with output, a summary record last; each\n\
                            submatch also says which pattern matched\n\
                            (\"pattern\": its index among the -e and -f\n\
                            patterns, from 0); as with rg 15.2, -o and\n\
                            --color are ignored (so are -O and -Z), -q\n\
                            prints only the summary, and the last of\n\
                            --json, -c, -l, --files-without-match wins\n\
      --sort=path           print files in walk order (names sorted within\n\
                            each directory) while still searching in\n\
                            parallel; --sort=none is the default\n\
      --mmap=WHEN           map regular files rather than read them:\n\
                            'auto' (operands of 1 MiB or more, and files\n\
                            searched in pieces), 'always' (also files\n\
                            found by -r) or 'never'\n\
\n", stdout);
  fputs ("\
Pattern selection and interpretation:\n\
  -e, --regexp=PATTERNS     use PATTERNS for matching (repeatable)\n\
  -f, --file=FILE           take PATTERNS from FILE\n\
  -i, --ignore-case         ignore case distinctions in patterns and data\n\
      --no-ignore-case      do not ignore case distinctions (default)\n\
  -w, --word-regexp         match only whole words\n\
  -x, --line-regexp         match only whole lines\n\
  -z, --null-data           a data line ends in 0 byte, not newline\n\
\n\
Miscellaneous:\n\
      --no-messages         suppress error messages\n\
  -v, --invert-match        select non-matching lines\n\
  -V, --version             display version information and exit\n\
      --help                display this help text and exit\n\
      --list-engines        list the engines this build has and exit\n\
      --debug               say on standard error how the patterns will be\n\
                            searched (engine, whole buffers or lines,\n\
                            literal prefilter)\n\
\n", stdout);
  fputs ("\
Output control:\n\
  -m, --max-count=NUM       stop after NUM selected lines\n\
      --line-number         print line number with output lines\n\
      --line-buffered       flush output on every line\n\
      --with-filename       print file name with output lines\n\
  -h, --no-filename         suppress the file name prefix on output\n\
      --label=LABEL         use LABEL as the standard input file name\n\
  -o, --only-matching       show only nonempty parts of lines that match\n\
  -q, --quiet, --silent     suppress all normal output\n\
      --binary-files=TYPE   assume that binary files are TYPE;\n\
                            TYPE is 'text' (default), 'binary' or\n\
                            'without-match'\n\
  -a, --text                same as --binary-files=text\n\
  -d, --directories=ACTION  how to handle directories;\n\
                            ACTION is 'read', 'recurse', or 'skip'\n\
  -D, --devices=ACTION      how to handle devices, FIFOs and sockets;\n\
                            ACTION is 'read' or 'skip'\n\
      --include=GLOB        search only files that match GLOB\n\
      --exclude=GLOB        skip files that match GLOB\n\
      --exclude-from=FILE   skip files that match any pattern from FILE\n\
      --exclude-dir=GLOB    skip directories that match GLOB\n\
      --files-with-matches  print only names of FILEs with selected lines\n\
      --files-without-match  print only names of FILEs with no selected\n\
                            lines\n\
  -c, --count               print only a count of selected lines per FILE\n\
  -Z, --null                print 0 byte after FILE name\n\
\n", stdout);
  fputs ("\
Context control:\n\
  -B, --before-context=NUM  print NUM lines of leading context\n\
  -A, --after-context=NUM   print NUM lines of trailing context\n\
  -C, --context=NUM         print NUM lines of output context\n\
      --group-separator=SEP  print SEP on line between matches with context\n\
      --no-group-separator  do not print separator for matches with context\n\
      --color[=WHEN],\n\
      --colour[=WHEN]       use markers to highlight the matching strings;\n\
                            WHEN is 'always', 'never', or 'auto'\n\
                            (GREP_COLORS is honoured)\n\
\n\
When FILE is '-', read standard input.  If no FILE is given, read standard\n\
input, but with -r, recursively search the working directory instead.  With\n\
fewer than two FILEs, assume -h.  Exit status is 0 if any line is selected,\n\
1 otherwise; if any error occurs and -q is not given, the exit status is 2.\n\
\n\
Unlike grep, a file's output never mixes with another's, but files come out\n\
in the order they finish unless --sort=path or -n 1 is given.  The default\n\
--binary-files is 'text', as with grep -a, except on a terminal: there a\n\
file holding a NUL byte gets a one-line notice on standard error instead\n\
of its bytes, unless -a or --binary-files is given.  --color=auto (and -I)\n\
leave colours out when NO_COLOR is set and not empty.  Regular files too\n\
short to hold a match are not read when that cannot change the output.\n\
", stdout);
  emit_ancillary_info ("grab");
  exit (status);
}
