/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* bench/floor.c: the floor under a tree search, for bench/grab.sh.

   Usage: floor THREADS LIST
   LIST names one file per line (the files a search of the tree opens).
   THREADS threads each take the next name from a shared counter, open
   the file, read it in 256 KiB pieces, look at every piece once with
   memchr (for a NUL byte, to the end of the piece), and close it.  No
   walk, no matching, no output: what any grep must at least pay to read
   the same files.  It prints how many files it read and how many NULs
   it saw (so the reads cannot be optimised away), or exits 2 with a
   message if it cannot read the list.  A file it cannot open is
   skipped, as a grep would report it and go on.

   Not part of grabrat: built by bench/grab.sh with the system's cc.  */

#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { PIECE = 256 * 1024 };

static char **names;
static size_t n_names;
static atomic_size_t next_name;
static atomic_size_t files_read, nuls_seen;

static void *
reader (void *arg)
{
  char *buf = malloc (PIECE);
  size_t nuls = 0, files = 0;
  (void) arg;
  if (!buf)
    return NULL;
  for (;;)
    {
      size_t i = atomic_fetch_add (&next_name, 1);
      if (n_names <= i)
        break;
      int fd = open (names[i], O_RDONLY | O_NOCTTY);
      if (fd < 0)
        continue;
      ssize_t n;
      while (0 < (n = read (fd, buf, PIECE)))
        for (char *p = buf, *end = buf + n;
             (p = memchr (p, '\0', end - p)); p++)
          nuls++;
      close (fd);
      files++;
    }
  free (buf);
  atomic_fetch_add (&files_read, files);
  atomic_fetch_add (&nuls_seen, nuls);
  return NULL;
}

int
main (int argc, char **argv)
{
  if (argc != 3 || atoi (argv[1]) < 1)
    {
      fprintf (stderr, "usage: floor THREADS LIST\n");
      return 2;
    }
  int threads = atoi (argv[1]);
  FILE *list = fopen (argv[2], "r");
  if (!list)
    {
      perror (argv[2]);
      return 2;
    }
  size_t cap = 0;
  char *line = NULL;
  size_t line_cap = 0;
  ssize_t len;
  while (0 < (len = getline (&line, &line_cap, list)))
    {
      if (line[len - 1] == '\n')
        line[len - 1] = '\0';
      if (n_names == cap)
        {
          cap = cap ? 2 * cap : 1024;
          names = realloc (names, cap * sizeof *names);
          if (!names)
            return 2;
        }
      if (!(names[n_names++] = strdup (line)))
        return 2;
    }
  free (line);
  fclose (list);

  pthread_t *t = calloc (threads, sizeof *t);
  if (!t)
    return 2;
  for (int i = 0; i < threads; i++)
    if (pthread_create (&t[i], NULL, reader, NULL) != 0)
      return 2;
  for (int i = 0; i < threads; i++)
    pthread_join (t[i], NULL);
  free (t);
  printf ("%zu files, %zu NULs\n", (size_t) files_read, (size_t) nuls_seen);
  return 0;
}
