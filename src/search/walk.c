/* Copyright (C) 2026 the grabrat authors
   SPDX-License-Identifier: GPL-3.0-or-later  */
/* walk.c: the directory walk (-r), one directory at a time.  A worker that
   takes a directory from the queue lists it here and queues its entries;
   any worker may take them, so the walk itself runs in parallel.  It
   follows symbolic links inside the tree only for grep -R, applies
   --include, --exclude and --exclude-dir, skips devices unless told to
   read them, and names what it finds as grep's fts does.  It calls no
   stat where the directory entry's type answers: a file too short to
   hold a match is skipped by the worker after opening it (its first read
   or its fstat tells: search/status.h), because a stat here for every
   file cost more than the opens it saved
   (strace -f -c on the Linux tree: 162,202 newfstatat for 78,579 files,
   two per file; a file under ~18 bytes is rare).  It reads a directory
   with getdents64 and keeps it open while its entries wait (struct
   listing, whose one block holds all their paths): each is opened by its
   name there, not by a path whose every directory the kernel would look
   up again.  Per directory: openat, getdents64 twice, close (fdopendir
   added fstat, two fcntl and a 32 KiB malloc); per entry no malloc.  On
   the Linux tree (grab -r -n 2 foobardoesnotexist, 15 rotated rounds,
   2026-12-03): 0.293 s against 0.304 before, the floor 0.240.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "minmax.h"
#include "xalloc.h"

#include "system.h"
#include "io/shortread.h"
#include "search/walk.h"
#include "search/output.h"
#include "search/worker-state.h"

struct entry
{
  char const *name;  /* in the listing's names, once all are read */
  idx_t off, len;    /* the name's place there */
  unsigned char type;
  bool typed_reg;    /* the entry itself said DT_REG: INO is the file's */
  ino_t ino;
  idx_t seq;   /* its place among all the directory's names */
};

int
walk_listing_fds_max (void)
{
  /* The queue goes depth first, so a walk holds about as many listings
     as the tree's depth times the threads, but a deep tree whose every
     level leaves an entry for later holds one a level: at most 256
     (tests/grab/listing-fds.sh), and a quarter of the limit on open
     files, the rest being for the files searched.  Past it, entries
     are opened by their paths.  */
  enum { LISTING_FDS_MAX = 256 };
  struct rlimit rl;
  if (getrlimit (RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY
      && rl.rlim_cur / 4 < LISTING_FDS_MAX)
    return rl.rlim_cur / 4;
  return LISTING_FDS_MAX;
}

static int
entry_cmp (void const *a, void const *b)
{
  struct entry const *x = a, *y = b;
  return strcmp (x->name, y->name);
}

static int
ino_cmp (void const *a, void const *b)
{
  struct entry const *x = a, *y = b;
  return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* grep walks with gnulib's fts, which lists a directory in readdir order
   but, in a batch of FTS_BATCH names that reaches FTS_INODE_SORT names,
   sorts the batch by inode number, except on file systems where that
   does not pay (tmpfs, NFS, CIFS): gnulib's fts.c, fts_build and
   dirent_inode_sort_may_be_useful.  The batch counts every name but '.'
   and '..', searched or not.  Put ENTS[0..N) (of the directory DFD,
   which had TOTAL names) in that order.  */
enum { FTS_INODE_SORT = 10000, FTS_BATCH = 100000 };
static void
fts_order (struct entry *ents, idx_t n, idx_t total, int dfd)
{
  if (total <= FTS_INODE_SORT)
    return;
  struct statfs sf;
  if (fstatfs (dfd, &sf) == 0
      && (sf.f_type == 0x01021994     /* tmpfs */
          || sf.f_type == 0x6969      /* NFS */
          || sf.f_type == (typeof (sf.f_type)) 0xFF534D42))  /* CIFS */
    return;
  for (idx_t b = 0; b < n;)
    {
      idx_t batch = ents[b].seq / FTS_BATCH, e = b;
      while (e < n && ents[e].seq / FTS_BATCH == batch)
        e++;
      idx_t names = MIN (total - batch * FTS_BATCH, FTS_BATCH);
      if (FTS_INODE_SORT < names)
        qsort (ents + b, e - b, sizeof *ents, ino_cmp);
      b = e;
    }
}

static unsigned char
mode_type (mode_t m)
{
  return (S_ISREG (m) ? DT_REG : S_ISDIR (m) ? DT_DIR : S_ISLNK (m) ? DT_LNK
          : S_ISFIFO (m) ? DT_FIFO : S_ISCHR (m) ? DT_CHR
          : S_ISBLK (m) ? DT_BLK : S_ISSOCK (m) ? DT_SOCK : DT_UNKNOWN);
}

/* Whether the entry NAME of type *TYPE in directory DFD, at DEPTH in
   the tree, is to be searched.  Fills in *TYPE if unknown.  */
static bool
keep_entry (struct worker *w, int dfd, char const *name, unsigned char *type,
            int depth)
{
  struct search_config const *o = w->o;
  struct stat st;
  if (*type == DT_UNKNOWN)
    {
      if (fstatat (dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return true;   /* let opening it report the problem */
      *type = mode_type (st.st_mode);
    }
  /* grep -r skips links inside the tree; -R follows them (as what they
     lead to), and one that leads nowhere is opened, to report it.  */
  bool dangling = false;
  if (*type == DT_LNK && o->follow_links)
    {
      if (fstatat (dfd, name, &st, 0) == 0)
        *type = mode_type (st.st_mode);
      else
        dangling = true;
    }
  if (*type == DT_DIR)
    return !(o->max_depth <= depth
             || (o->excluded_dir[0]
                 && excluded_file_name (o->excluded_dir[0], name)));
  if (o->excluded[0] && excluded_file_name (o->excluded[0], name))
    return false;
  if (dangling)
    return true;
  if (*type == DT_LNK)
    return false;
  if (*type != DT_REG)
    return o->devices == DEVS_READ;
  return true;
}

/* Whether the directory open on FD, whose order node is NODE, is one of
   its own ancestors (a loop through a symbolic link under grep -R, or a
   bind mount).  Records its identity in NODE for its descendants.  */
static bool
is_loop (struct onode *node, int fd)
{
  struct stat st;
  if (fstat (fd, &st) != 0)
    return false;
  for (struct onode const *a = node->parent; a; a = a->parent)
    if (a->has_id && a->dev == st.st_dev && a->ino == st.st_ino)
      return true;
  node->dev = st.st_dev;
  node->ino = st.st_ino;
  node->has_id = true;
  return false;
}

/* The entries of a directory to be searched, as read.  */
struct entries
{
  struct entry *ents;
  idx_t n, size;
  char *names;              /* the entries' names, one after another */
  idx_t names_len, names_size;
  idx_t total;              /* every name but '.' and '..', kept or not */
};

/* Add the entry NAME (of type TYPE, inode INO; TYPED_REG: the
   directory said DT_REG) to E.  */
static void
entries_add (struct entries *e, char const *name, unsigned char type,
             bool typed_reg, ino_t ino)
{
  if (e->n == e->size)
    e->ents = xpalloc (e->ents, &e->size, 1, -1, sizeof *e->ents);
  idx_t len = strlen (name);
  if (e->names_size - e->names_len <= len)
    e->names = xpalloc (e->names, &e->names_size,
                        len + 1 - (e->names_size - e->names_len), -1, 1);
  memcpy (e->names + e->names_len, name, len + 1);
  e->ents[e->n++] = (struct entry) { .off = e->names_len, .len = len,
                                     .type = type, .typed_reg = typed_reg,
                                     .ino = ino,
                                     .seq = e->total - 1 };
  e->names_len += len + 1;
}

/* Read the directory open on FD, at DEPTH in the tree, into E, keeping
   what is to be searched.  Return 0, or the errno value of a failed read
   (E then holds what was read before it).  */
static int
read_entries (struct worker *w, int fd, int depth, struct entries *e)
{
  /* Straight from getdents64 into a buffer on the stack: no DIR
     (fdopendir's fstat, two fcntl and 32 KiB malloc per directory), and
     FD stays ours, for the listing.  8 KiB, not 32, so that 16 threads'
     stacks stay small: the Linux tree's 5,096 directories take 10,237
     calls instead of 10,196.  */
  char buf[8 << 10] __attribute__ ((aligned (8)));
  ssize_t got;
  while (0 < (got = getdents64 (fd, buf, sizeof buf)))
    for (ssize_t off = 0; off < got; )
      {
        struct dirent64 const *d = (struct dirent64 const *) (buf + off);
        off += d->d_reclen;
        char const *name = d->d_name;
        if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
          continue;
        e->total++;
        unsigned char type = d->d_type;
        if (keep_entry (w, fd, name, &type, depth + 1))
          entries_add (e, name, type, d->d_type == DT_REG, d->d_ino);
      }
  for (idx_t i = 0; i < e->n; i++)
    e->ents[i].name = e->names + e->ents[i].off;
  return got < 0 ? errno : 0;
}

/* The length of the name under which grep lists the operand PATH: gnulib's
   fts_open trims two or more trailing slashes to one, but leaves "//"
   alone (and makes "///" "/"), so 'grep -r PAT d///' prints d/f, and
   'grep -r PAT .//' ./f (tests/grep/walk-operands.sh; "//" and "///",
   which a test would have to walk / for, checked by hand against grep
   3.8 with --exclude-dir='[a-z]*').  A name inside the tree is its
   directory's name, a slash unless that ends in one, and the entry's
   name.  */
static idx_t
fts_root_len (char const *path)
{
  idx_t len = strlen (path);
  if (2 < len && path[len - 1] == '/')
    while (1 < len && path[len - 2] == '/')
      len--;
  return len;
}

/* Note in L what search/status.c needs to read the regular files listed
   there without an fstat each: whether a short read is their end, and
   the device to which the entries' inode numbers belong, to tell the
   output file apart (a file bind-mounted over an entry is the exception:
   its entry has the number of the file under it).  One fstatfs, and an
   fstat when the output is a regular file and the loop check has not
   made one, per directory that lists a regular file.  */
static void
note_fs (struct search_config const *o, struct work const *dir,
         struct entries const *e, struct listing *l)
{
  l->short_read_is_end = false;
  l->dev = 0;
  /* No file here is read (--files), or none said DT_REG: nothing to
     note (321 of the Linux tree's 5,096 directories list no file).  */
  bool reg = false;
  for (idx_t i = 0; !o->files_only && !reg && i < e->n; i++)
    reg = e->ents[i].typed_reg;
  if (!reg)
    return;
  l->short_read_is_end = 0 <= l->fd && short_read_is_end (l->fd);
  if (l->short_read_is_end && o->out_is_regular)
    {
      struct stat st;
      if (dir->node && dir->node->has_id)
        l->dev = dir->node->dev;
      else if (fstat (l->fd, &st) == 0)
        l->dev = st.st_dev;
      else
        l->short_read_is_end = false;
    }
}

/* The work items for E's entries, in order, listed in the directory DIR
   whose name is DIR->path's first PREFIX_LEN bytes, and kept open on KEEP
   (or -1), for the run RUN.  Their paths go into one listing.  */
static struct work *
make_items (struct search_run *run, struct work const *dir, idx_t prefix_len,
            struct entries const *e, int keep)
{
  struct search_config const *o = run->o;
  /* Each path is the directory's name, a slash and the entry's name (the
     name alone for the operand '.' when ./ is omitted), in one block.  */
  char const *prefix = dir->path;
  bool slash = prefix_len && prefix[prefix_len - 1] != '/';
  if (o->omit_dot_slash && dir->command_line && strcmp (prefix, ".") == 0)
    prefix_len = slash = 0;
  idx_t n = e->n;
  struct listing *l = NULL;
  if (n)
    {
      l = xmalloc (sizeof *l + n * (prefix_len + slash) + e->names_len);
      l->refs = n;
      l->fd = keep;
      l->open_fds = &run->listing_fds;
      note_fs (o, dir, e, l);
    }
  struct work *items = xnmalloc (n ? n : 1, sizeof *items);
  char *p = l ? l->paths : NULL;
  for (idx_t i = 0; i < n; i++)
    {
      struct entry const *ent = &e->ents[i];
      items[i] = (struct work) {
        .path = p, .from = l, .name = p + prefix_len + slash,
        .type = ent->type, .ino = ent->typed_reg ? ent->ino : 0,
        .with_name = o->with_filename != 0,
        .depth = dir->depth + 1,
      };
      memcpy (p, prefix, prefix_len);
      p[prefix_len] = '/';
      memcpy (p + prefix_len + slash, ent->name, ent->len + 1);
      p += prefix_len + slash + ent->len + 1;
    }
  return items;
}

void
walk_dir (struct worker *w, struct work const *dir, int fd)
{
  struct search_config const *o = w->o;
  struct search_run *run = w->run;
  struct entries e = { 0 };
  int keep = -1;            /* the directory, kept open for the listing */
  idx_t prefix_len = (dir->command_line ? fts_root_len (dir->path)
                      : strlen (dir->path));
  w->node = dir->node;   /* messages go with the directory */
  if (dir->node && is_loop (dir->node, fd))
    {
      /* fts reports it (FTS_DC) and grep warns, without error status.  */
      if (!o->no_messages)
        worker_sayf (w, _("%s: warning: recursive directory loop"),
                     dir->path);
      close (fd);
      fd = -1;
    }
  if (0 <= fd)
    {
      int err = read_entries (w, fd, dir->depth, &e);
      if (err)
        {
          char *name = ximemdup0 (dir->path, prefix_len);
          worker_error (w, name, err);
          free (name);
        }
      if (o->fts_order)
        fts_order (e.ents, e.n, e.total, fd);
      if (e.n && (atomic_fetch_add (&run->listing_fds, 1)
                  < run->listing_fds_max))
        keep = fd;
      else
        {
          if (e.n)
            atomic_fetch_sub (&run->listing_fds, 1);
          close (fd);
        }
    }
  w->node = NULL;

  idx_t n = e.n;
  if (o->sort_path && !o->fts_order && 1 < n)
    qsort (e.ents, n, sizeof *e.ents, entry_cmp);
  struct work *items = make_items (run, dir, prefix_len, &e, keep);
  free (e.ents);
  free (e.names);

  if (dir->node)
    {
      struct onode **kids = xnmalloc (n ? n : 1, sizeof *kids);
      struct onode *nodes = order_xnodes (dir->node, n);
      for (idx_t i = 0; i < n; i++)
        {
          kids[i] = items[i].node = &nodes[i];
          nodes[i].is_dir = items[i].type == DT_DIR;
        }
      order_listed (&run->order, dir->node, kids, n);
      order_kick (&run->order, &run->out_lock);
    }
  workq_push (run->q, items, n);
  free (items);
}
