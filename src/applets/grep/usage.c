/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* usage.c: grep's --help and usage lines (options.h's grep_usage), GNU
   grep 3.8's text with grabrat's closing paragraph, which help2man makes
   grep(1) from.  */

#include <config.h>

#include <stdio.h>
#include <stdlib.h>

#include "dirname.h"
#include "progname.h"

#include "system.h"

#include "applets/grep/options.h"

/* GNU grep 3.8's --help, in the pieces its source translates one by one:
   each is a msgid of the system's grep catalog, byte for byte, so that a
   German user reads GNU's German help (po/POTFILES.in; issue 41).
   grep_usage prints the first pieces, which take the program's name.  */
static char const *const help_body[] = {
  N_("\
  -E, --extended-regexp     PATTERNS are extended regular expressions\n\
  -F, --fixed-strings       PATTERNS are strings\n\
  -G, --basic-regexp        PATTERNS are basic regular expressions\n\
  -P, --perl-regexp         PATTERNS are Perl regular expressions\n"),
  N_("\
  -e, --regexp=PATTERNS     use PATTERNS for matching\n\
  -f, --file=FILE           take PATTERNS from FILE\n\
  -i, --ignore-case         ignore case distinctions in patterns and data\n\
      --no-ignore-case      do not ignore case distinctions (default)\n\
  -w, --word-regexp         match only whole words\n\
  -x, --line-regexp         match only whole lines\n\
  -z, --null-data           a data line ends in 0 byte, not newline\n"),
  N_("\
\n\
Miscellaneous:\n\
  -s, --no-messages         suppress error messages\n\
  -v, --invert-match        select non-matching lines\n\
  -V, --version             display version information and exit\n\
      --help                display this help text and exit\n"),
  N_("\
\n\
Output control:\n\
  -m, --max-count=NUM       stop after NUM selected lines\n\
  -b, --byte-offset         print the byte offset with output lines\n\
  -n, --line-number         print line number with output lines\n\
      --line-buffered       flush output on every line\n\
  -H, --with-filename       print file name with output lines\n\
  -h, --no-filename         suppress the file name prefix on output\n\
      --label=LABEL         use LABEL as the standard input file name prefix\n\
"),
  N_("\
  -o, --only-matching       show only nonempty parts of lines that match\n\
  -q, --quiet, --silent     suppress all normal output\n\
      --binary-files=TYPE   assume that binary files are TYPE;\n\
                            TYPE is 'binary', 'text', or 'without-match'\n\
  -a, --text                equivalent to --binary-files=text\n\
"),
  N_("\
  -I                        equivalent to --binary-files=without-match\n\
  -d, --directories=ACTION  how to handle directories;\n\
                            ACTION is 'read', 'recurse', or 'skip'\n\
  -D, --devices=ACTION      how to handle devices, FIFOs and sockets;\n\
                            ACTION is 'read' or 'skip'\n\
  -r, --recursive           like --directories=recurse\n\
  -R, --dereference-recursive  likewise, but follow all symlinks\n\
"),
  N_("\
      --include=GLOB        search only files that match GLOB (a file pattern)\
\n\
      --exclude=GLOB        skip files that match GLOB\n\
      --exclude-from=FILE   skip files that match any file pattern from FILE\n\
      --exclude-dir=GLOB    skip directories that match GLOB\n\
"),
  N_("\
  -L, --files-without-match  print only names of FILEs with no selected lines\n\
  -l, --files-with-matches  print only names of FILEs with selected lines\n\
  -c, --count               print only a count of selected lines per FILE\n\
  -T, --initial-tab         make tabs line up (if needed)\n\
  -Z, --null                print 0 byte after FILE name\n"),
  N_("\
\n\
Context control:\n\
  -B, --before-context=NUM  print NUM lines of leading context\n\
  -A, --after-context=NUM   print NUM lines of trailing context\n\
  -C, --context=NUM         print NUM lines of output context\n\
"),
  N_("\
  -NUM                      same as --context=NUM\n\
      --group-separator=SEP  print SEP on line between matches with context\n\
      --no-group-separator  do not print separator for matches with context\n\
      --color[=WHEN],\n\
      --colour[=WHEN]       use markers to highlight the matching strings;\n\
                            WHEN is 'always', 'never', or 'auto'\n\
  -U, --binary              do not strip CR characters at EOL (MSDOS/Windows)\n\
\n"),
  N_("\
When FILE is '-', read standard input.  With no FILE, read '.' if\n\
recursive, '-' otherwise.  With fewer than two FILEs, assume -h.\n\
Exit status is 0 if any line is selected, 1 otherwise;\n\
if any error occurs and -q is not given, the exit status is 2.\n"),
};

_Noreturn void
grep_usage (int status)
{
  /* grep's usage names it by its base name (getprogname), its messages
     by the name it was run as.  */
  char const *name = last_component (program_name);
  char const *usage = _("Usage: %s [OPTION]... PATTERNS [FILE]...\n");
  if (status != EXIT_SUCCESS)
    {
      fprintf (stderr, usage, name);
      fprintf (stderr, _("Try '%s --help' for more information.\n"), name);
      exit (status);
    }
  printf (usage, name);
  fputs (_("Search for PATTERNS in each FILE.\n"), stdout);
  printf (_("\
Example: %s -i 'hello world' menu.h main.c\n\
PATTERNS can contain multiple patterns separated by newlines.\n\
\n\
Pattern selection and interpretation:\n"), name);
  for (size_t i = 0; i < sizeof help_body / sizeof *help_body; i++)
    fputs (_(help_body[i]), stdout);
  /* Ours, where GNU's names its bug address and home page.  */
  fputs (G_("\n\
grabrat's grep: GNU grep 3.8 searching in parallel; see grabrat(1).\n\
Bugs: grabrat's where it differs from GNU grep 3.8, else bug-grep@gnu.org\n"),
         stdout);
  /* No longer than GNU grep's closing lines, so that the help fits
     GNU's 4096-byte stdout buffer as GNU's does: to a full device it
     then fails at close, and close_stdout adds the errno, as GNU grep's
     (tests/toolbox/help-full.sh).  */
  exit (status);
}
