/* walk.c: grab's directory walk, one directory at a time.  A worker that
   takes a directory from the queue lists it here and queues its entries;
   any worker may take them, so the walk itself runs in parallel.  It
   follows no symbolic link inside the tree, applies --include, --exclude
   and --exclude-dir, skips devices, and skips regular files too small to
   hold a match without opening them.  */

#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xalloc.h"

#include "walk.h"
#include "worker.h"

struct entry
{
  char *name;
  unsigned char type;
};

static int
entry_cmp (void const *a, void const *b)
{
  struct entry const *x = a, *y = b;
  return strcmp (x->name, y->name);
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
  bool have_st = false;
  if (*type == DT_UNKNOWN)
    {
      if (fstatat (dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return true;   /* let opening it report the problem */
      have_st = true;
      *type = mode_type (st.st_mode);
    }
  if (*type == DT_DIR)
    return !(o->excluded_dir[0]
             && excluded_file_name (o->excluded_dir[0], name));
  if (o->excluded[0] && excluded_file_name (o->excluded[0], name))
    return false;
  if (*type == DT_LNK)
    return false;
  if (*type != DT_REG)
    return o->devices == DEVS_READ;
  if (0 < o->min_size)
    {
      if (!have_st && fstatat (dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return true;
      if (grab_too_short (o, &st) && grab_surely_readable (o, &st)
          && !(o->out_is_regular && st.st_ino == o->out_ino
               && st.st_dev == o->out_dev))
        return false;
    }
  return true;
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
  DIR *d = fdopendir (fd);
  struct entry *ents = NULL;
  idx_t n = 0, size = 0;
  if (!d)
    {
      worker_error (w, dir->path, errno);
      close (fd);
    }
  else
    {
      struct dirent *e;
      int dfd = dirfd (d);
      for (errno = 0; (e = readdir (d)); errno = 0)
        {
          char const *name = e->d_name;
          if (name[0] == '.'
              && (!name[1] || (name[1] == '.' && !name[2])))
            continue;
          unsigned char type = e->d_type;
          if (!keep_entry (w, dfd, name, &type))
            continue;
          if (n == size)
            ents = xpalloc (ents, &size, 1, -1, sizeof *ents);
          ents[n++] = (struct entry) { xstrdup (name), type };
        }
      if (errno)
        worker_error (w, dir->path, errno);
      closedir (d);
    }

  if (o->sort_path && 1 < n)
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
