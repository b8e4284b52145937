/* walk.c: grab's directory walk, one directory at a time.  A worker that
   takes a directory from the queue lists it here and queues its entries;
   any worker may take them, so the walk itself runs in parallel.  It
   follows no symbolic link inside the tree, applies --include, --exclude
   and --exclude-dir, and skips devices.  It calls no stat where the
   directory entry's type answers: a file too short to hold a match is
   skipped by the worker after opening it (one fstat it makes anyway),
   because a stat here for every file cost more than the opens it saved
   (strace -f -c on the Linux tree: 162,202 newfstatat for 78,579 files,
   two per file; a file under ~18 bytes is rare).  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "minmax.h"
#include "xalloc.h"

#include "walk.h"
#include "worker.h"

struct entry
{
  char *name;
  unsigned char type;
  ino_t ino;
  idx_t seq;   /* its place among all the directory's names */
};

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

/* Whether the entry NAME of type *TYPE in directory DFD is to be searched.
   Fills in *TYPE if unknown.  */
static bool
keep_entry (struct worker *w, int dfd, char const *name, unsigned char *type)
{
  struct grab_opts const *o = w->o;
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
    return !(o->excluded_dir[0]
             && excluded_file_name (o->excluded_dir[0], name));
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

/* DIR's path joined with NAME.  */
static char *
join (struct grab_opts const *o, struct work const *dir, char const *name)
{
  if (o->omit_dot_slash && dir->command_line && strcmp (dir->path, ".") == 0)
    return xstrdup (name);
  size_t dl = strlen (dir->path), nl = strlen (name);
  bool slash = dl && dir->path[dl - 1] != '/';
  char *p = xmalloc (dl + slash + nl + 1);
  memcpy (p, dir->path, dl);
  p[dl] = '/';
  memcpy (p + dl + slash, name, nl + 1);
  return p;
}

void
walk_dir (struct worker *w, struct work const *dir, int fd)
{
  struct grab_opts const *o = w->o;
  struct grab_run *run = w->run;
  struct entry *ents = NULL;
  idx_t n = 0, size = 0;
  w->node = dir->node;   /* messages go with the directory */
  if (dir->node && is_loop (dir->node, fd))
    {
      /* fts reports it (FTS_DC) and grep warns, without error status.  */
      if (!o->no_messages)
        worker_say (w, dir->path, "warning: recursive directory loop", 0);
      close (fd);
      fd = -1;
    }
  DIR *d = fd < 0 ? NULL : fdopendir (fd);
  if (fd < 0)
    ;
  else if (!d)
    {
      worker_error (w, dir->path, errno);
      close (fd);
    }
  else
    {
      struct dirent *e;
      int dfd = dirfd (d);
      idx_t total = 0;
      for (errno = 0; (e = readdir (d)); errno = 0)
        {
          char const *name = e->d_name;
          if (name[0] == '.'
              && (!name[1] || (name[1] == '.' && !name[2])))
            continue;
          total++;
          unsigned char type = e->d_type;
          if (!keep_entry (w, dfd, name, &type))
            continue;
          if (n == size)
            ents = xpalloc (ents, &size, 1, -1, sizeof *ents);
          ents[n++] = (struct entry) { xstrdup (name), type, e->d_ino,
                                       total - 1 };
        }
      if (errno)
        worker_error (w, dir->path, errno);
      if (o->fts_order)
        fts_order (ents, n, total, dfd);
      closedir (d);
    }
  w->node = NULL;

  if (o->sort_path && !o->fts_order && 1 < n)
    qsort (ents, n, sizeof *ents, entry_cmp);

  struct work *items = xnmalloc (n ? n : 1, sizeof *items);
  for (idx_t i = 0; i < n; i++)
    {
      items[i] = (struct work) {
        .path = join (o, dir, ents[i].name), .type = ents[i].type,
        .with_name = o->with_filename != 0,
      };
      free (ents[i].name);
    }
  free (ents);

  if (dir->node)
    {
      struct onode **kids = xnmalloc (n ? n : 1, sizeof *kids);
      for (idx_t i = 0; i < n; i++)
        kids[i] = items[i].node = order_xnode (dir->node,
                                               items[i].type == DT_DIR);
      pthread_mutex_lock (&run->out_lock);
      order_listed (&run->order, dir->node, kids, n);
      pthread_mutex_unlock (&run->out_lock);
    }
  workq_push (run->q, items, n);
  free (items);
}
