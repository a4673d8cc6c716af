/* The solver's hot loop in C: the same depth-first search as canfield.solver.search.Search.
 *
 * It searches the same K+ positions with the same move generator, in the same
 * order (without a seed), the same transposition key and the same table_limit
 * semantics, so a search here visits exactly the positions the Python search
 * visits (tests/test_search_core*.py check that node for node, and check every
 * generated move against canfield.rules).  The rules are not re-derived here:
 * the caller passes the variant's tables (canfield.rules.kernel's parents/children)
 * and what the search reads of its rules and options, by name: a CoreRules and a CoreOptions
 * (canfield.solver.search); docs/solver.md has the proofs.
 *
 * A key is the position in a few dozen bytes (split + recycles, reserve size,
 * foundations, the columns sorted); the table keeps whole keys, never hashes
 * alone, so "seen" is never a guess.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <limits.h>
#include <stddef.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#define NCARDS 52
#define FOUNDATION 4
#define FROM_TALON (-2)
#define FROM_RESERVE (-1)
#define FROM_FOUNDATION 4
#define AFTER_RECYCLE 64
#define MAXCANDS 288 /* distinct (card, target) pairs: 52 x 5, and 16 blind ups */
#define FROM_SWAP 8 /* blind: FROM_SWAP + k, up from column k after a swap (P6) */
#define PLACED 16 /* P11: PLACED + 8 * (n - 1) + (source + 2), search.PLACED's spelling */
#define KEYMAX 72
#define KEYPAD 16 /* room past a key that make_key may write (copy_short) */
#define CUT_SHORT 500 /* solver/shorten.py's SHORT: a cut line longer than this is cut again */
#define CUT_PAIR_WALKS 2 /* shorten.PAIR_WALKS: at most this many walks with pairs */

#if defined(__GNUC__) || defined(__clang__)
#define PREFETCH(address) __builtin_prefetch(address)
#else
#define PREFETCH(address) ((void)(address))
#endif
#define CHECK_EVERY 4096
#define TEMP_BUCKETS 65536

enum { TAILS_ANY = 0, TAILS_WHOLE = 1, TAILS_UNCOVERING = 2 };
enum { UNKNOWN = 0, WON = 1, LOST = 2 };

typedef struct {
    uint8_t card;
    int8_t target;
    int8_t source;
    uint8_t index;
} Cand;

typedef struct {
    uint8_t cols[4][NCARDS];
    uint8_t len[4];
    uint8_t found[4];
    uint8_t talon[NCARDS];
    uint8_t talon_len;
    uint8_t pointer;
    uint8_t reserve_len;
    uint8_t recycles;
} Pos;

/* *q = *p in 16-byte pieces: as one memcpy of its size, gcc made a rep movsq, which cost more
 * than half of play (perf). */
static inline void copy_pos(Pos *q, const Pos *p) {
    typedef char pos_is_whole_pieces[sizeof(Pos) % 16 == 0 ? 1 : -1];
    (void)sizeof(pos_is_whole_pieces);
    uint8_t *to = (uint8_t *)q;
    const uint8_t *from = (const uint8_t *)p;
    for (size_t i = 0; i < sizeof(Pos); i += 16) memcpy(to + i, from + i, 16);
}

typedef struct {
    uint8_t fits[NCARDS][NCARDS]; /* fits[upper][lower]: upper may lie on lower in a column */
    uint8_t children[NCARDS][NCARDS];
    uint8_t nchildren[NCARDS];
    uint8_t parents[NCARDS][NCARDS]; /* in the order Python iterates the frozenset */
    uint8_t nparents[NCARDS];
    uint8_t alias[NCARDS]; /* search.VariantView.alias: each card's first twin (the blind search, P6) */
    int base, draw, passes; /* passes < 0: unlimited */
    int tails, to_empty, take_backs, auto_fill, safe_up;
} Rules;

/* ---------------------------------------------------------------- the table */

typedef struct {
    PyObject_HEAD
    uint64_t *slots; /* 0: empty; else tag (24 bits) << 40 | (arena offset + 1) */
    size_t mask;
    size_t count;
    uint8_t *arena;
    size_t arena_len, arena_cap;
    int running; /* a search is filling it, without the GIL */
} TableObject;

static PyTypeObject TableType;

static uint64_t hash_key(const uint8_t *k, int n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (uint64_t)n;
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, k + i, 8);
        h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
    }
    uint64_t w = 0;
    memcpy(&w, k + i, (size_t)(n - i));
    h = (h ^ w) * 0x94d049bb133111ebull;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 32;
    return h;
}

/* Ask Linux to back the 2 MB pages inside [p, p + n) with huge pages: the table's slots and
 * keys are read at random, so with 4 kB pages nearly every lookup missed the TLB as well as
 * the cache (a page walk; perf showed the prefetches waiting on them). Elsewhere, or where the
 * kernel says no, nothing changes. */
#define HUGE_PAGE ((size_t)2 << 20)
static void want_huge_pages(void *p, size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (n < 2 * HUGE_PAGE) return;
    uintptr_t from = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
    uintptr_t to = ((uintptr_t)p + n) & ~(uintptr_t)(HUGE_PAGE - 1);
    if (to > from) (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
    (void)p;
    (void)n;
#endif
}

static int table_init_slots(TableObject *t, size_t size) {
    t->slots = calloc(size, sizeof(uint64_t));
    if (!t->slots) return -1;
    want_huge_pages(t->slots, size * sizeof(uint64_t));
    t->mask = size - 1;
    return 0;
}

static TableObject *table_new(void) {
    TableObject *t = PyObject_New(TableObject, &TableType);
    if (!t) return NULL;
    t->slots = NULL;
    t->arena = NULL;
    t->count = 0;
    t->arena_len = t->arena_cap = 0;
    t->running = 0;
    if (table_init_slots(t, 1 << 12) < 0) {
        Py_DECREF(t);
        PyErr_NoMemory();
        return NULL;
    }
    return t;
}

static void table_dealloc(TableObject *t) {
    free(t->slots);
    free(t->arena);
    PyObject_Free(t);
}

static Py_ssize_t table_len(TableObject *t) { return (Py_ssize_t)t->count; }

/* The slot holding key, or the empty slot where it would go (*found says which). */
static size_t table_find(const TableObject *t, uint64_t h, const uint8_t *k, int n, int *found) {
    uint64_t tag = h >> 40;
    size_t i = (size_t)h & t->mask;
    for (;;) {
        uint64_t s = t->slots[i];
        if (!s) {
            *found = 0;
            return i;
        }
        if ((s >> 40) == tag) {
            const uint8_t *e = t->arena + ((s & 0xFFFFFFFFFFull) - 1);
            if (e[0] == n && memcmp(e + 1, k, (size_t)n) == 0) {
                *found = 1;
                return i;
            }
        }
        i = (i + 1) & t->mask;
    }
}

/* Twice the slots, every key put again. The keys are read in the arena's order (one after the
 * other in memory, not where the old slots point), and each one's new slot is prefetched
 * GROW_AHEAD keys before it is filled. Which slot a key lands in may differ from an insertion in
 * the search's order, but a lookup finds exactly the same keys. */
#define GROW_AHEAD 8
static inline void table_place(TableObject *t, uint64_t h, uint64_t word) {
    size_t i = (size_t)h & t->mask;
    while (t->slots[i]) i = (i + 1) & t->mask;
    t->slots[i] = word;
}

static int table_grow(TableObject *t) {
    size_t size = (t->mask + 1) * 2;
    uint64_t *old = t->slots;
    if (table_init_slots(t, size) < 0) {
        t->slots = old;
        return -1;
    }
    free(old);
    uint64_t word[GROW_AHEAD], hashes[GROW_AHEAD]; /* the keys read and not yet put */
    size_t n = 0;
    for (size_t off = 0; off < t->arena_len; n++) {
        size_t j = n % GROW_AHEAD;
        if (n >= GROW_AHEAD) table_place(t, hashes[j], word[j]); /* the key read GROW_AHEAD ago */
        const uint8_t *e = t->arena + off;
        uint64_t h = hash_key(e + 1, e[0]);
        hashes[j] = h;
        word[j] = ((h >> 40) << 40) | (uint64_t)(off + 1);
        PREFETCH(&t->slots[(size_t)h & t->mask]);
        off += (size_t)e[0] + 1;
    }
    for (size_t m = n > GROW_AHEAD ? n - GROW_AHEAD : 0; m < n; m++)
        table_place(t, hashes[m % GROW_AHEAD], word[m % GROW_AHEAD]);
    return 0;
}

/* Put key in the empty slot table_find gave; on failure (no memory) nothing is put. */
static int table_put(TableObject *t, size_t slot, uint64_t h, const uint8_t *k, int n) {
    if ((t->count + 1) * 2 > t->mask + 1) {
        int found;
        if (table_grow(t) < 0) return -1;
        slot = table_find(t, h, k, n, &found);
    }
    if (t->arena_len + (size_t)n + 1 > t->arena_cap) {
        size_t cap = t->arena_cap ? t->arena_cap * 2 : (1 << 16);
        uint8_t *a = realloc(t->arena, cap);
        if (!a) return -1;
        t->arena = a;
        t->arena_cap = cap;
        want_huge_pages(a, cap);
    }
    size_t off = t->arena_len;
    t->arena[off] = (uint8_t)n;
    memcpy(t->arena + off + 1, k, (size_t)n);
    t->arena_len += (size_t)n + 1;
    t->slots[slot] = ((h >> 40) << 40) | (uint64_t)(off + 1);
    t->count++;
    return 0;
}

static PySequenceMethods table_as_sequence = {.sq_length = (lenfunc)table_len};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "canfield.solver._core.Table",
    .tp_doc = "Keys of positions a compiled search has seen (all lost once its root is lost).",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)table_dealloc,
    .tp_as_sequence = &table_as_sequence,
};

/* ---------------------------------------------------------------- the search */

/* A position as a checkpoint keeps it (below, Frame): foundations, lengths, talon_len, pointer,
 * reserve_len, recycles, then each column's cards and the talon's, one byte each (every card
 * lies in one place, so at most 52 of them): 64 bytes, not Pos's 272. */
#define PACKMAX (12 + NCARDS)

static void pack_pos(uint8_t *out, const Pos *p) {
    memcpy(out, p->found, 4);
    memcpy(out + 4, p->len, 4);
    out[8] = p->talon_len;
    out[9] = p->pointer;
    out[10] = p->reserve_len;
    out[11] = p->recycles;
    size_t at = 12;
    for (int k = 0; k < 4; k++) {
        memcpy(out + at, p->cols[k], p->len[k]);
        at += p->len[k];
    }
    memcpy(out + at, p->talon, p->talon_len);
}

/* The position pack_pos kept, every byte past a pile's length zero. */
static void unpack_pos(Pos *p, const uint8_t *in) {
    memset(p, 0, sizeof *p);
    memcpy(p->found, in, 4);
    memcpy(p->len, in + 4, 4);
    p->talon_len = in[8];
    p->pointer = in[9];
    p->reserve_len = in[10];
    p->recycles = in[11];
    size_t at = 12;
    for (int k = 0; k < 4; k++) {
        memcpy(p->cols[k], in + at, p->len[k]);
        at += p->len[k];
    }
    memcpy(p->talon, in + at, p->talon_len);
}

/* A depth-first search of the one-pass games holds most of the positions it has seen on its
 * stack (rainbow draw 3: 8.1 M frames after 9.1 M positions), so the frames, as much as the
 * table, are what a long search's memory is made of (docs/solver.md, "The compiled core").
 * The frames keep no position: frame i's is its parent's played by its `move`, and one frame in
 * CKPT_EVERY keeps its position packed (SearchObject.ckpt), so any frame's is at most
 * CKPT_EVERY - 1 plays from one kept; the last frames' positions are kept unpacked in a ring
 * (SearchObject.ring), so the search's steps up and down the stack replay each frame's move
 * about once. A frame is 32 bytes, not the 96 it took with its packed position in it. */
#define CKPT_EVERY 16
#define RING 64 /* a power of two, more than CKPT_EVERY */

typedef struct {
    uint32_t cbegin, ccur, cend; /* its candidates in the shared candidate stack */
    int32_t temp_next;
    uint64_t hash; /* a temporary frame's key's (its key is made again from its position) */
    Cand move;     /* the move that led here */
    uint8_t late;      /* the late moves (empty columns, take-backs) are still to make */
    uint8_t temporary; /* its key is kept only while it is on the stack */
} Frame;
typedef char frame_is_32_bytes[sizeof(Frame) == 32 ? 1 : -1];

typedef struct SearchObject SearchObject;

struct SearchObject {
    PyObject_HEAD
    Rules rules;
    int symmetry, take_backs, safe_up, blind, talon_last, links;
    int tracked; /* P11: the next `tracked` cards of each suit are kept as themselves (0: off) */
    uint64_t rng;
    int shuffle;
    uint8_t reserve[NCARDS];
    int reserve_size;
    TableObject *table;
    long long table_limit;
    Frame *frames;
    size_t nframes, cap_frames;
    Cand *cands;
    size_t ncands, cap_cands;
    int32_t *temp_head;
    size_t ntemp; /* frames on the stack whose keys are only in temp_head's chains */
    long long nodes;
    int verdict;
    int running; /* run() is going on, without the GIL */
    PyObject *won; /* list of (card, target) when won */
    PyObject *cut; /* the same win without its detours (solver/shorten.py), NULL if none */
    long long probe;      /* P7: a blind search of at most this many positions (0: off) */
    TableObject *lost;    /* P7: the blind keys the probes proved lost */
    SearchObject *prober; /* P7: the blind search the probes reuse (plain C memory) */
    TableObject *also;    /* in a prober: the keys of `lost`, skipped as seen */
    uint8_t *ckpt;        /* frame i's position, pack_pos's, at (i / CKPT_EVERY) * PACKMAX for
                             every i a multiple of CKPT_EVERY (room for cap_frames frames) */
    Pos ring[RING];       /* ring[i % RING]: frame i's position when ring_at[i % RING] == i + 1 */
    size_t ring_at[RING]; /* all 0 wherever the frames are reset (forget_ring) */
};

static PyTypeObject SearchType;
static int probe_lost(SearchObject *s, const Pos *q, int stack, long long budget,
                      long long *spent);
static void free_prober(SearchObject *b);

typedef struct {
    uint8_t card[NCARDS];
    uint8_t index[NCARDS];
    int n;
    int16_t at[NCARDS]; /* card -> index (with AFTER_RECYCLE), or -1 */
} Reach;

static inline int on_cycle(int size, int pointer, int draw) {
    return draw == 1 || pointer % draw == 0 || pointer == size;
}

static inline void reach_add(Reach *r, int card, int index) {
    r->card[r->n] = (uint8_t)card;
    r->index[r->n] = (uint8_t)index;
    r->n++;
    r->at[card] = (int16_t)index;
}

/* search._reach: the talon cards taps can bring to the waste top, in the same order. */
static void compute_reach(const Rules *R, const Pos *p, Reach *r) {
    int size = p->talon_len, pointer = p->pointer, draw = R->draw;
    r->n = 0;
    for (int c = 0; c < NCARDS; c++) r->at[c] = -1;
    if (R->passes < 0 && draw == 1) {
        for (int i = 0; i < size; i++) reach_add(r, p->talon[i], i);
        return;
    }
    /* this pass: the waste top, then every split taps reach up to the end */
    if (pointer > 0) reach_add(r, p->talon[pointer - 1], pointer - 1);
    int q = pointer;
    while (q < size) {
        q = q + draw < size ? q + draw : size;
        reach_add(r, p->talon[q - 1], q - 1);
    }
    /* the next pass: free with unlimited passes, else only while a recycle is left */
    int offset = R->passes < 0 ? 0 : AFTER_RECYCLE;
    if (R->passes >= 0 && p->recycles >= R->passes - 1) return;
    q = 0;
    while (q < size) {
        q = q + draw < size ? q + draw : size;
        if (r->at[p->talon[q - 1]] < 0) reach_add(r, p->talon[q - 1], q - 1 + offset);
    }
}

static inline int column_start(const Rules *R, const uint8_t *col, int n) {
    int i = n - 1;
    if (i < 0) return 0;
    while (i > 0 && R->fits[col[i]][col[i - 1]]) i--;
    return i;
}

static inline int mod13(int x) { return ((x % 13) + 13) % 13; }

static uint64_t next_random(SearchObject *s) {
    uint64_t z = (s->rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static void shuffle(SearchObject *s, Cand *a, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = (int)(next_random(s) % (uint64_t)(i + 1));
        Cand t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

#define ADD(list, n, c, t, src, idx) \
    do { \
        list[n].card = (uint8_t)(c); \
        list[n].target = (int8_t)(t); \
        list[n].source = (int8_t)(src); \
        list[n].index = (uint8_t)(idx); \
        n++; \
    } while (0)

static int in_columns(const Pos *p, int card) {
    for (int k = 0; k < 4; k++)
        if (memchr(p->cols[k], card, p->len[k])) return 1;
    return 0;
}

/* P11 (search._is_tracked): whether `card` is one of the next s->tracked cards of its suit. */
static inline int is_tracked(const SearchObject *s, const Pos *p, int card) {
    int ahead = mod13(card % 13 - s->rules.base) - p->found[card / 13];
    return ahead >= 0 && ahead < s->tracked;
}

/* P11 (search._newly_tracked): the card of `suit` that became tracked in p as the card before
 * it went up, or -1 where the suit has no card left to track. */
static inline int newly_tracked(const SearchObject *s, const Pos *p, int suit) {
    int n = p->found[suit] + s->tracked - 1;
    return n < 13 ? suit * 13 + (s->rules.base + n) % 13 : -1;
}

/* P11 (search._places): where card w (just tracked, in the columns) may be placed in q: the
 * places of the columns that hold an untracked card of its class, in column order, as
 * column * 52 + height into at (at most 3: a class has at most four cards); their number. */
static int class_places(const SearchObject *s, const Pos *q, int w, uint8_t *at) {
    const uint8_t *alias = s->rules.alias;
    int n = 0;
    if (w < 0 || !in_columns(q, w)) return 0;
    for (int k = 0; k < 4; k++)
        for (int j = 0; j < q->len[k]; j++) {
            int x = q->cols[k][j];
            if (x != w && alias[x] == alias[w] && !is_tracked(s, q, x))
                at[n++] = (uint8_t)(k * NCARDS + j);
        }
    return n;
}

/* P11 (search._plain_source): where a candidate's card comes from, a placing one's too. */
static inline int plain_source(int source) {
    return source >= PLACED ? (source - PLACED) % 8 - 2 : source;
}

static void play(const SearchObject *s, const Pos *p, Pos *q, Cand c);

/* P11 (search._placed): each card going up of `up`, and after it the same move with the card
 * that becomes tracked swapped to its n-th place (class_places), source PLACED + 8 * (n - 1) +
 * (source + 2), for each n (where it lies itself is the plain move). Into out; their number. */
static int place_ups(const SearchObject *s, const Pos *p, const Cand *up, int n, Cand *out) {
    int m = 0;
    for (int i = 0; i < n; i++) {
        Cand c = up[i];
        out[m++] = c;
        Pos q;
        play(s, p, &q, c);
        uint8_t at[NCARDS];
        int places = class_places(s, &q, newly_tracked(s, &q, c.card / 13), at);
        for (int j = 0; j < places; j++) {
            out[m] = c;
            out[m++].source = (int8_t)(PLACED + 8 * j + c.source + 2);
        }
    }
    return m;
}

/* search._safe_up (P5): nothing can go on card again (its children are home), or what can may go
   up instead: its children and theirs fit or are home, and the children of those are home. */
static int safe_up(const Rules *R, const Pos *p, int card) {
    int base = R->base;
    int home = 1;
    for (int i = 0; i < R->nchildren[card]; i++) {
        int d = R->children[card][i];
        if (mod13(d - base) >= p->found[d / 13]) {
            home = 0;
            break;
        }
    }
    if (home) return 1;
    for (int i = 0; i < R->nchildren[card]; i++) {
        int d = R->children[card][i];
        if (mod13(d - base) > p->found[d / 13]) return 0;
        for (int j = 0; j < R->nchildren[d]; j++) {
            int e = R->children[d][j];
            if (mod13(e - base) > p->found[e / 13]) return 0;
            for (int l = 0; l < R->nchildren[e]; l++) {
                int f = R->children[e][l];
                if (mod13(f - base) >= p->found[f / 13]) return 0;
            }
        }
    }
    return 1;
}

/* search._candidates: the early moves, best first, into out; *late says whether late moves exist. */
/* P8 (search._dead_ends): where only whole columns move, into no empty column, and nothing
 * comes back from a foundation, a column card goes up before the card under it and every
 * card before the next of its suit; a position where these constraints close a cycle is lost. */
static int dead_ends(const SearchObject *s) {
    const Rules *R = &s->rules;
    return R->tails == TAILS_WHOLE && !R->take_backs && !R->to_empty && !s->blind && !s->tracked;
}

#define THIRTEEN(x) x, x, x, x, x, x, x, x, x, x, x, x, x
#define RANKS 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
static const uint8_t SUIT_OF[NCARDS] = {THIRTEEN(0), THIRTEEN(1), THIRTEEN(2), THIRTEEN(3)};
static const uint8_t RANK_OF[2 * NCARDS] = {RANKS, RANKS, RANKS, RANKS, RANKS, RANKS, RANKS, RANKS};

/* search._goes_up_first: whether the cards put on the first n cards of column `target` (the
 * lowest of them, x, on y, the n-th) close a cycle, that is whether y reaches x. What y reaches
 * is, in each column, the cards from its bottom up to top[k], and in each suit the cards from
 * rank low[s] (from the base) on; grown until nothing changes. */
static int goes_up_first(const Pos *p, int target, int n, int base) {
    const uint8_t *rank = RANK_OF + NCARDS - base; /* rank[c]: c's rank counted from the base */
    int low[4] = {13, 13, 13, 13}, top[4] = {-1, -1, -1, -1};
    top[target] = n - 1;
    for (int i = 0; i < n; i++) {
        int c = p->cols[target][i];
        if (rank[c] < low[SUIT_OF[c]]) low[SUIT_OF[c]] = rank[c];
    }
    for (;;) {
        int grown = 0;
        for (int k = 0; k < 4; k++) {
            const uint8_t *col = p->cols[k];
            int i = p->len[k] - 1;
            while (i > top[k] && rank[col[i]] < low[SUIT_OF[col[i]]]) i--;
            if (i <= top[k]) continue;
            for (int j = top[k] + 1; j <= i; j++) {
                int c = col[j];
                if (rank[c] < low[SUIT_OF[c]]) low[SUIT_OF[c]] = rank[c];
            }
            top[k] = i;
            grown = 1;
        }
        if (top[target] >= n) return 1;
        if (!grown) return 0;
    }
}

/* search._dead_end: P8 at a search's root, over every column card and the card under it. */
static int dead_end(const Pos *p, int base) {
    for (int k = 0; k < 4; k++)
        for (int i = 1; i < p->len[k]; i++)
            if (goes_up_first(p, k, i, base)) return 1;
    return 0;
}

static int gen_late(SearchObject *s, const Pos *p, const Reach *r, Cand *out);

static int gen_early(SearchObject *s, const Pos *p, const Reach *r, Cand *out, int *late) {
    const Rules *R = &s->rules;
    Cand up[32], rdown[8], esrc[MAXCANDS], tdown[MAXCANDS], whole[MAXCANDS], part[MAXCANDS];
    int nup = 0, nr = 0, ne = 0, nt = 0, nw = 0, np = 0;
    int base = R->base;
    int following[4];
    for (int suit = 0; suit < 4; suit++)
        following[suit] = p->found[suit] < 13 ? suit * 13 + (base + p->found[suit]) % 13 : -1;
    int top = p->reserve_len ? s->reserve[p->reserve_len - 1] : -1;
    if (top >= 0 && following[top / 13] == top) ADD(up, nup, top, FOUNDATION, FROM_RESERVE, 0);
    if (r->n) {
        for (int suit = 0; suit < 4; suit++) {
            int card = following[suit];
            if (card >= 0 && r->at[card] >= 0) ADD(up, nup, card, FOUNDATION, FROM_TALON, r->at[card]);
        }
    }
    if (R->safe_up && s->safe_up && !s->blind) {
        for (int k = 0; k < 4; k++) {
            int n = p->len[k];
            if (n && (n > 1 || !p->reserve_len)) {
                int end = p->cols[k][n - 1];
                if (following[end / 13] == end && safe_up(R, p, end)) { /* P5 */
                    Cand safe[1];
                    int one = 0;
                    ADD(safe, one, end, FOUNDATION, k, 0);
                    *late = 0;
                    if (s->tracked) return place_ups(s, p, safe, one, out);
                    out[0] = safe[0];
                    return one;
                }
            }
        }
    }
    int8_t tail_col[NCARDS];
    uint8_t tail_idx[NCARDS];
    memset(tail_col, -1, sizeof tail_col);
    int starts[4] = {0, 0, 0, 0};
    int empties = 0;
    for (int k = 0; k < 4; k++) {
        int n = p->len[k];
        const uint8_t *col = p->cols[k];
        if (!n) {
            empties++;
            continue;
        }
        int end = col[n - 1];
        if (following[end / 13] == end) ADD(up, nup, end, FOUNDATION, k, 0);
        int start = column_start(R, col, n);
        starts[k] = start;
        if (R->tails == TAILS_ANY) {
            for (int i = start; i < n; i++) {
                tail_col[col[i]] = (int8_t)k;
                tail_idx[col[i]] = (uint8_t)i;
            }
        } else {
            if (start == 0) {
                tail_col[col[0]] = (int8_t)k;
                tail_idx[col[0]] = 0;
            }
            if (R->tails == TAILS_UNCOVERING) {
                for (int i = start > 1 ? start : 1; i < n; i++) {
                    int under = col[i - 1];
                    if (following[under / 13] == under) {
                        tail_col[col[i]] = (int8_t)k;
                        tail_idx[col[i]] = (uint8_t)i;
                    }
                }
            }
        }
    }
    if (s->blind) { /* P6: the card that fits, at the end of any column ending in its alias */
        for (int suit = 0; suit < 4; suit++) {
            int card = following[suit];
            if (card < 0 || !in_columns(p, card)) continue;
            for (int k = 0; k < 4; k++) {
                int n = p->len[k];
                if (n && p->cols[k][n - 1] != card && R->alias[p->cols[k][n - 1]] == R->alias[card])
                    ADD(up, nup, card, FOUNDATION, FROM_SWAP + k, 0);
            }
        }
    }
    for (int j = 0; j < 4; j++) {
        int n = p->len[j];
        if (!n) continue;
        int end = p->cols[j][n - 1];
        for (int x = 0; x < R->nchildren[end]; x++) {
            int card = R->children[end][x];
            if (card == top) {
                ADD(rdown, nr, card, j, FROM_RESERVE, 0);
                continue;
            }
            if (r->at[card] >= 0) {
                ADD(tdown, nt, card, j, FROM_TALON, r->at[card]);
                continue;
            }
            int k = tail_col[card];
            if (k >= 0 && k != j) { /* a tail over 25 cards can hold a child of its own end */
                int i = tail_idx[card];
                if (i > starts[k])
                    ADD(part, np, card, j, k, 0);
                else if (i == 0 && p->reserve_len)
                    ADD(esrc, ne, card, j, k, 0);
                else
                    ADD(whole, nw, card, j, k, 0);
            }
        }
    }
    if (R->passes >= 0) { /* limited passes: nearest the split first (a play buries the rest) */
        for (int a = 1; a < nt; a++) { /* stable, as Python's sort */
            Cand c = tdown[a];
            int b = a - 1;
            while (b >= 0 && tdown[b].index > c.index) {
                tdown[b + 1] = tdown[b];
                b--;
            }
            tdown[b + 1] = c;
        }
    }
    if (s->shuffle) {
        if (nup > 1) shuffle(s, up, nup);
        if (nr > 1) shuffle(s, rdown, nr);
        if (ne > 1) shuffle(s, esrc, ne);
        if (nt > 1) shuffle(s, tdown, nt);
        if (nw > 1) shuffle(s, whole, nw);
        if (np > 1) shuffle(s, part, np);
    }
    Cand placed[4 * 16]; /* 4 cards up (one a suit), each placed at most 3 places more */
    const Cand *ups = up;
    if (s->tracked) {
        nup = place_ups(s, p, up, nup, placed);
        ups = placed;
    }
    if (R->passes >= 0 && s->talon_last) {
        /* search._talon_last, Solvitaire's order where passes are limited: up from the reserve
         * and the columns; column moves of one card, then of more; the reserve top down; the
         * late moves; talon cards down (nearest the split first); talon cards up */
        int n = 0;
        for (int i = 0; i < nup; i++)
            if (plain_source(ups[i].source) != FROM_TALON) out[n++] = ups[i];
        const Cand *tails[3] = {esrc, whole, part};
        const int ntails[3] = {ne, nw, np};
        for (int single = 1; single >= 0; single--)
            for (int l = 0; l < 3; l++)
                for (int i = 0; i < ntails[l]; i++) {
                    Cand c = tails[l][i];
                    if ((p->cols[c.source][p->len[c.source] - 1] == c.card) == single) out[n++] = c;
                }
        memcpy(out + n, rdown, (size_t)nr * sizeof(Cand));
        n += nr;
        if (empties || (s->take_backs && R->take_backs)) n += gen_late(s, p, r, out + n);
        memcpy(out + n, tdown, (size_t)nt * sizeof(Cand));
        n += nt;
        for (int i = 0; i < nup; i++)
            if (plain_source(ups[i].source) == FROM_TALON) out[n++] = ups[i];
        *late = 0;
        return n;
    }
    int n = 0;
    memcpy(out + n, ups, (size_t)nup * sizeof(Cand));
    n += nup;
    memcpy(out + n, rdown, (size_t)nr * sizeof(Cand));
    n += nr;
    memcpy(out + n, esrc, (size_t)ne * sizeof(Cand));
    n += ne;
    memcpy(out + n, tdown, (size_t)nt * sizeof(Cand));
    n += nt;
    memcpy(out + n, whole, (size_t)nw * sizeof(Cand));
    n += nw;
    memcpy(out + n, part, (size_t)np * sizeof(Cand));
    n += np;
    *late = empties || (s->take_backs && R->take_backs);
    return n;
}

/* search._late: moves into an empty column, then foundation take-backs. */
static int gen_late(SearchObject *s, const Pos *p, const Reach *r, Cand *out) {
    const Rules *R = &s->rules;
    int n = 0, base = R->base;
    int empties[4], ne = 0, starts[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4; k++) {
        if (p->len[k])
            starts[k] = column_start(R, p->cols[k], p->len[k]);
        else
            empties[ne++] = k;
    }
    if (s->symmetry && ne > 1) ne = 1; /* empty columns are interchangeable */
    for (int e = 0; e < ne; e++) {
        int j = empties[e];
        if (R->to_empty && p->reserve_len) /* only without the auto-fill can this happen */
            ADD(out, n, s->reserve[p->reserve_len - 1], j, FROM_RESERVE, 0);
        for (int x = 0; x < r->n; x++) ADD(out, n, r->card[x], j, FROM_TALON, r->index[x]);
        if (!R->to_empty) continue;
        for (int k = 0; k < 4; k++) {
            int len = p->len[k];
            if (k == j || !len) continue;
            /* a whole column into an empty one only swaps two columns */
            int first = s->symmetry ? (starts[k] > 1 ? starts[k] : 1) : starts[k];
            if (R->tails == TAILS_WHOLE) {
                if (first == 0) ADD(out, n, p->cols[k][0], j, k, 0);
                continue;
            }
            for (int i = first; i < len; i++) ADD(out, n, p->cols[k][i], j, k, 0);
        }
    }
    if (!(s->take_backs && R->take_backs)) return n;
    int tops[4], nt = 0;
    for (int suit = 0; suit < 4; suit++)
        if (p->found[suit]) tops[nt++] = suit * 13 + (base + p->found[suit] - 1) % 13;
    if (R->to_empty)
        for (int t = 0; t < nt; t++)
            for (int e = 0; e < ne; e++) ADD(out, n, tops[t], empties[e], FROM_FOUNDATION, 0);
    for (int t = 0; t < nt; t++) {
        int card = tops[t];
        for (int x = 0; x < R->nparents[card]; x++) {
            int parent = R->parents[card][x];
            for (int j = 0; j < 4; j++)
                if (p->len[j] && p->cols[j][p->len[j] - 1] == parent)
                    ADD(out, n, card, j, FROM_FOUNDATION, 0);
        }
    }
    return n;
}

/* search._swapped: `card` (in the columns) and the card at `there` change places in q. */
static void swap_to(Pos *q, int card, uint8_t *there) {
    for (int k = 0; k < 4; k++) {
        uint8_t *at = memchr(q->cols[k], card, q->len[k]);
        if (at) *at = *there;
    }
    *there = (uint8_t)card;
}

/* kernel.play_known / search._play_talon: the child of p by c, made in place in q (a copy of p). */
static void play(const SearchObject *s, const Pos *p, Pos *q, Cand c) {
    const Rules *R = &s->rules;
    if (c.source >= PLACED) { /* P11: the move, then the newly tracked card to its n-th place */
        int n = (c.source - PLACED) / 8;
        c.source = (int8_t)plain_source(c.source);
        play(s, p, q, c);
        int w = newly_tracked(s, q, c.card / 13);
        uint8_t at[NCARDS];
        class_places(s, q, w, at);
        swap_to(q, w, &q->cols[at[n] / NCARDS][at[n] % NCARDS]);
        return;
    }
    int card = c.card, suit = card / 13, target = c.target;
    if (c.source >= FROM_SWAP) { /* P6: swap the card with column k's end, then send it up */
        int k = c.source - FROM_SWAP;
        Pos alike;
        memcpy(&alike, p, sizeof(Pos));
        swap_to(&alike, card, &alike.cols[k][alike.len[k] - 1]);
        c.source = (int8_t)k;
        play(s, &alike, q, c);
        return;
    }
    copy_pos(q, p);
    if (c.source == FROM_TALON) {
        int index = c.index;
        if (index >= AFTER_RECYCLE) { /* one more recycle first (limited passes) */
            index -= AFTER_RECYCLE;
            q->recycles++;
        }
        memmove(q->talon + index, p->talon + index + 1, (size_t)(p->talon_len - index - 1));
        q->talon_len = (uint8_t)(p->talon_len - 1);
        int pointer = index;
        if (R->passes < 0 && index && on_cycle(q->talon_len, index, R->draw)) pointer = 0;
        q->pointer = (uint8_t)pointer;
        if (target == FOUNDATION)
            q->found[suit]++;
        else
            q->cols[target][q->len[target]++] = (uint8_t)card;
        return;
    }
    const uint8_t *moving;
    int count = 1;
    uint8_t one = (uint8_t)card;
    moving = &one;
    if (c.source == FROM_RESERVE) {
        q->reserve_len--;
    } else if (c.source == FROM_FOUNDATION) {
        q->found[suit]--;
    } else {
        int k = c.source, n = p->len[k], i = n - 1;
        while (p->cols[k][i] != card) i--;
        moving = p->cols[k] + i;
        count = n - i;
        q->len[k] = (uint8_t)i;
        if (i == 0 && q->reserve_len && R->auto_fill) {
            q->cols[k][0] = s->reserve[q->reserve_len - 1];
            q->len[k] = 1;
            q->reserve_len--;
        }
    }
    if (target == FOUNDATION) {
        q->found[suit]++;
    } else {
        memcpy(q->cols[target] + q->len[target], moving, (size_t)count);
        q->len[target] = (uint8_t)(q->len[target] + count);
    }
}

static int col_less(const uint8_t cols[4][NCARDS], const uint8_t *len, int a, int b) {
    int la = len[a], lb = len[b], n = la < lb ? la : lb;
    int c = memcmp(cols[a], cols[b], (size_t)n);
    if (c) return c < 0;
    return la < lb;
}

/* n bytes from src to dst in 16-byte pieces: up to 15 bytes past n are read and written, so
 * dst has KEYPAD bytes of room past the key and src lies inside a Pos (or a padded copy).
 * Copies this short cost less so than as memcpy of a size known only at run time. */
static inline void copy_short(uint8_t *dst, const uint8_t *src, int n) {
    for (int i = 0; i < n; i += 16) memcpy(dst + i, src + i, 16);
}

/* search._links_key (R1): split + recycles, reserve size, foundations, then for each class (a card
 * that is its own alias, in card order) how many of its cards lie on a card, then the talon's
 * cards as 52 bits. */
static int links_node_key(const SearchObject *s, const Pos *p, uint8_t *k) {
    uint8_t links[NCARDS] = {0}, bits[7] = {0, 0, 0, 0, 0, 0, 0};
    const uint8_t *alias = s->rules.alias;
    for (int c = 0; c < 4; c++)
        for (int i = 1; i < p->len[c]; i++) links[alias[p->cols[c][i]]]++;
    k[0] = (uint8_t)(p->pointer | p->recycles << 6);
    k[1] = p->reserve_len;
    k[2] = (uint8_t)(p->found[0] | p->found[1] << 4);
    k[3] = (uint8_t)(p->found[2] | p->found[3] << 4);
    int n = 4;
    for (int card = 0; card < NCARDS; card++)
        if (alias[card] == card) k[n++] = links[card];
    for (int i = 0; i < p->talon_len; i++) bits[p->talon[i] >> 3] |= (uint8_t)(1 << (p->talon[i] & 7));
    memcpy(k + n, bits, 7);
    return n + 7;
}

/* search._key: split + recycles, reserve size, foundations, the columns (sorted with symmetry).
 * k has room for KEYMAX + KEYPAD bytes. */
static int make_key(const SearchObject *s, const Pos *p, uint8_t *k) {
    if (s->links) return links_node_key(s, p, k);
    int order[4] = {0, 1, 2, 3};
    uint8_t aliased[5][NCARDS]; /* a row more: copy_short reads past the last column */
    const uint8_t(*cols)[NCARDS] = p->cols;
    if (s->blind) { /* P6: the columns as the building sees them */
        for (int c = 0; c < 4; c++)
            for (int i = 0; i < p->len[c]; i++) aliased[c][i] = s->rules.alias[p->cols[c][i]];
        cols = (const uint8_t(*)[NCARDS])aliased;
    } else if (s->tracked) { /* P11: so, but for the tracked cards, each as itself (+ 64) */
        for (int c = 0; c < 4; c++)
            for (int i = 0; i < p->len[c]; i++) {
                int card = p->cols[c][i];
                aliased[c][i] =
                    is_tracked(s, p, card) ? (uint8_t)(card + 64) : s->rules.alias[card];
            }
        cols = (const uint8_t(*)[NCARDS])aliased;
    }
    if (s->symmetry && (s->blind || s->tracked)) {
        for (int i = 1; i < 4; i++) {
            int x = order[i], j = i - 1;
            while (j >= 0 && col_less(cols, p->len, x, order[j])) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = x;
        }
    } else if (s->symmetry) {
        /* No two columns hold the same card, so col_less is the order of their first cards,
         * an empty column first: the same insertion sort on one number a column. */
        int first[4];
        for (int c = 0; c < 4; c++) first[c] = p->len[c] ? p->cols[c][0] + 1 : 0;
        for (int i = 1; i < 4; i++) {
            int x = order[i], j = i - 1;
            while (j >= 0 && first[x] < first[order[j]]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = x;
        }
    }
    k[0] = (uint8_t)(p->pointer | p->recycles << 6);
    k[1] = p->reserve_len;
    k[2] = (uint8_t)(p->found[0] | p->found[1] << 4);
    k[3] = (uint8_t)(p->found[2] | p->found[3] << 4);
    int n = 4;
    for (int i = 0; i < 4; i++) {
        int c = order[i];
        k[n++] = p->len[c];
        copy_short(k + n, cols[c], p->len[c]);
        n += p->len[c];
    }
    if (s->blind || s->tracked) { /* P6: which twin is in the talon, which in the columns */
        uint8_t bits[7] = {0, 0, 0, 0, 0, 0, 0};
        for (int i = 0; i < p->talon_len; i++) bits[p->talon[i] >> 3] |= (uint8_t)(1 << (p->talon[i] & 7));
        memcpy(k + n, bits, 7);
        n += 7;
    }
    return n;
}

static inline int won(const Pos *p) {
    return p->found[0] == 13 && p->found[1] == 13 && p->found[2] == 13 && p->found[3] == 13;
}

static int reserve_cands(SearchObject *s, size_t extra) {
    if (s->ncands + extra <= s->cap_cands) return 0;
    size_t cap = s->cap_cands ? s->cap_cands : 1024; /* small: every test grows it */
    while (cap < s->ncands + extra) cap *= 2;
    Cand *c = realloc(s->cands, cap * sizeof(Cand));
    if (!c) return -1;
    s->cands = c;
    s->cap_cands = cap;
    return 0;
}

static int reserve_frame(SearchObject *s) {
    if (s->nframes < s->cap_frames) return 0;
    size_t cap = s->cap_frames ? s->cap_frames * 2 : 256;
    Frame *f = realloc(s->frames, cap * sizeof(Frame));
    if (!f) return -1;
    s->frames = f;
    uint8_t *k = realloc(s->ckpt, (cap / CKPT_EVERY + 1) * PACKMAX);
    if (!k) return -1; /* cap_frames stays: the checkpoints have room for the old capacity only */
    s->ckpt = k;
    s->cap_frames = cap;
    return 0;
}

static void forget_ring(SearchObject *s) {
    memset(s->ring_at, 0, sizeof s->ring_at);
}

/* Frame i's position into *out, replayed from the checkpoint at or below it (the ring left as
 * it is: the caller may hold positions in it). */
static void position_of(const SearchObject *s, size_t i, Pos *out) {
    if (s->ring_at[i % RING] == i + 1) {
        copy_pos(out, &s->ring[i % RING]);
        return;
    }
    size_t c = i - i % CKPT_EVERY;
    Pos two[2];
    int t = 0;
    unpack_pos(&two[0], s->ckpt + (c / CKPT_EVERY) * PACKMAX);
    for (size_t j = c + 1; j <= i; j++, t = !t) play(s, &two[t], &two[!t], s->frames[j].move);
    copy_pos(out, &two[t]);
}

/* The top frame's position, in the ring: after a pop it is replayed there from the checkpoint
 * at or below it, with every frame's between, which the next pops then find. */
static const Pos *top_position(SearchObject *s) {
    size_t i = s->nframes - 1;
    if (s->ring_at[i % RING] != i + 1) {
        size_t c = i - i % CKPT_EVERY;
        unpack_pos(&s->ring[c % RING], s->ckpt + (c / CKPT_EVERY) * PACKMAX);
        s->ring_at[c % RING] = c + 1;
        for (size_t j = c + 1; j <= i; j++) {
            play(s, &s->ring[(j - 1) % RING], &s->ring[j % RING], s->frames[j].move);
            s->ring_at[j % RING] = j + 1;
        }
    }
    return &s->ring[i % RING];
}

/* Frame i (s->nframes, being pushed) made from position p: its checkpoint and ring entry. */
static void keep_position(SearchObject *s, size_t i, const Pos *p) {
    if (i % CKPT_EVERY == 0) pack_pos(s->ckpt + (i / CKPT_EVERY) * PACKMAX, p);
    if (&s->ring[i % RING] != p) copy_pos(&s->ring[i % RING], p);
    s->ring_at[i % RING] = i + 1;
}

/* The table's slot of each child of p by the candidates begin..end, asked of the memory now:
 * advance looks the children up one after the other, but their cache misses, most of a
 * lookup's cost, overlap here. Nothing is kept (advance makes the key and its hash again): the
 * stack of candidates can reach millions in the one-pass games, and a hash beside each
 * candidate made it three times as large (measured in docs/solver.md, "The compiled core"). */
static void key_children(SearchObject *s, const Pos *p, size_t begin, size_t end) {
    const TableObject *t = s->table;
    uint8_t key[KEYMAX + KEYPAD];
    for (size_t i = begin; i < end; i++) {
        Pos q;
        play(s, p, &q, s->cands[i]);
        if (won(&q)) continue;
        uint64_t h = hash_key(key, make_key(s, &q, key));
        PREFETCH(&t->slots[(size_t)h & t->mask]);
    }
}

/* Generate the early candidates of frame f, at position p, onto the candidate stack. */
static int fill_frame(SearchObject *s, Frame *f, const Pos *p) {
    if (reserve_cands(s, MAXCANDS) < 0) return -1;
    Reach r;
    compute_reach(&s->rules, p, &r);
    int late = 0;
    int n = gen_early(s, p, &r, s->cands + s->ncands, &late);
    f->cbegin = f->ccur = (uint32_t)s->ncands;
    s->ncands += (size_t)n;
    f->cend = (uint32_t)s->ncands;
    f->late = (uint8_t)late;
    key_children(s, p, f->cbegin, f->cend);
    return 0;
}

static int temp_find(const SearchObject *s, uint64_t h, const uint8_t *k, int n) {
    for (int32_t i = s->temp_head[h & (TEMP_BUCKETS - 1)]; i >= 0; i = s->frames[i].temp_next) {
        const Frame *f = &s->frames[i];
        if (f->hash != h) continue;
        Pos q;
        uint8_t other[KEYMAX + KEYPAD];
        position_of(s, (size_t)i, &q);
        if (make_key(s, &q, other) == n && memcmp(other, k, (size_t)n) == 0) return 1;
    }
    return 0;
}

static void release_search(SearchObject *s) {
    free(s->frames);
    s->frames = NULL;
    s->nframes = s->cap_frames = 0;
    free(s->ckpt);
    s->ckpt = NULL;
    forget_ring(s);
    free(s->cands);
    s->cands = NULL;
    s->ncands = s->cap_cands = 0;
    free(s->temp_head);
    s->temp_head = NULL;
    s->ntemp = 0;
}

static int read_bytes(PyObject *o, uint8_t *out, int most, const char *what) {
    if (!PyBytes_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be bytes", what);
        return -1;
    }
    Py_ssize_t n = PyBytes_GET_SIZE(o);
    const uint8_t *b = (const uint8_t *)PyBytes_AS_STRING(o);
    if (n > most) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd cards, at most %d", what, n, most);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        if (b[i] >= NCARDS) {
            PyErr_Format(PyExc_ValueError, "%s holds %d, not a card", what, b[i]);
            return -1;
        }
        out[i] = b[i];
    }
    return (int)n;
}

static int read_table(PyObject *o, uint8_t table[NCARDS][NCARDS], uint8_t *lens) {
    if (!PyTuple_Check(o) || PyTuple_GET_SIZE(o) != NCARDS) {
        PyErr_SetString(PyExc_TypeError, "a card table must be a tuple of 52 bytes");
        return -1;
    }
    for (int c = 0; c < NCARDS; c++) {
        int n = read_bytes(PyTuple_GET_ITEM(o, c), table[c], NCARDS, "a card table row");
        if (n < 0) return -1;
        lens[c] = (uint8_t)n;
    }
    return 0;
}

/* The Rules' whole numbers and the search's option flags, by the names canfield.solver.search's
 * CoreRules and CoreOptions give them (the module exports the names as RULE_INTS and OPTION_FLAGS,
 * and tests/solver/test_search_core.py holds them to the Python values): search_init reads each by its
 * name, web/wasm/core.c in this order from its packed spec. */
typedef struct {
    const char *name;
    size_t offset;
} Field;

static const Field RULE_INTS[] = {
    {"base", offsetof(Rules, base)},           {"draw", offsetof(Rules, draw)},
    {"passes", offsetof(Rules, passes)},       {"tails", offsetof(Rules, tails)},
    {"to_empty", offsetof(Rules, to_empty)},   {"take_backs", offsetof(Rules, take_backs)},
    {"auto_fill", offsetof(Rules, auto_fill)}, {"safe_up", offsetof(Rules, safe_up)},
};
static const Field OPTION_FLAGS[] = {
    {"symmetry", offsetof(SearchObject, symmetry)},
    {"take_backs", offsetof(SearchObject, take_backs)},
    {"safe_up", offsetof(SearchObject, safe_up)},
    {"blind", offsetof(SearchObject, blind)},
    {"talon_last", offsetof(SearchObject, talon_last)},
    {"links", offsetof(SearchObject, links)},
};
static const Field OPTION_INTS[] = {
    {"tracked", offsetof(SearchObject, tracked)},
};
#define NRULE_INTS ((int)(sizeof RULE_INTS / sizeof RULE_INTS[0]))
#define NOPTION_FLAGS ((int)(sizeof OPTION_FLAGS / sizeof OPTION_FLAGS[0]))
#define NOPTION_INTS ((int)(sizeof OPTION_INTS / sizeof OPTION_INTS[0]))

static inline int *field_at(void *base, const Field *f) { return (int *)((char *)base + f->offset); }

/* The start of a search whose rules, options and root position have been read (search_init
 * below reads them from Python values, web/wasm/core.c's cf_search from its packed spec): checks
 * what they must satisfy, then sets up the table (`known`, else a new one), the root frame and
 * its key. `p` holds the cards read; pointer and recycles are checked here before they are
 * narrowed. 0, or -1 with a Python error set (the WebAssembly build's stand-ins set none). */
static int start_search(SearchObject *s, Pos *p, int pointer, int recycles, long long probe,
                        TableObject *known) {
    Rules *R = &s->rules;
    if (R->base < 0 || R->base >= NCARDS || (R->draw != 1 && R->draw != 3)) {
        PyErr_SetString(PyExc_ValueError, "base must be a card and draw 1 or 3");
        return -1;
    }
    for (int c = 0; c < NCARDS; c++)
        for (int i = 0; i < R->nparents[c]; i++) R->fits[c][R->parents[c][i]] = 1;
    if (probe < 0 || probe > 1000000000LL) {
        PyErr_SetString(PyExc_ValueError, "probe must be 0 to 10**9 positions");
        return -1;
    }
    if (probe && s->blind) {
        PyErr_SetString(PyExc_ValueError, "no probes (P7) inside a blind search");
        return -1;
    }
    if (s->links && (probe || s->blind)) {
        PyErr_SetString(PyExc_ValueError, "no links key (R1) with P6 or P7");
        return -1;
    }
    if (s->tracked < 0 || s->tracked > 13 || (s->tracked && (s->blind || s->links))) {
        PyErr_SetString(PyExc_ValueError,
                        "tracked (P11) is 0 to 13 cards a suit, not with P6 or R1");
        return -1;
    }
    if (pointer < 0 || pointer > p->talon_len || recycles < 0 || recycles > 3) {
        PyErr_SetString(PyExc_ValueError, "the split must lie within the talon, recycles 0-3");
        return -1;
    }
    p->pointer = (uint8_t)pointer;
    p->recycles = (uint8_t)recycles;
    p->reserve_len = (uint8_t)s->reserve_size;
    int total = p->talon_len + s->reserve_size;
    for (int k = 0; k < 4; k++) {
        if (p->found[k] > 13) {
            PyErr_SetString(PyExc_ValueError, "a foundation holds at most 13 cards");
            return -1;
        }
        total += p->found[k] + p->len[k];
    }
    if (total > NCARDS) {
        PyErr_SetString(PyExc_ValueError, "more than 52 cards");
        return -1;
    }
    s->probe = probe;
    if (probe && !(s->lost = table_new())) return -1;
    if (known) Py_INCREF((PyObject *)known);
    s->table = known ? known : table_new();
    if (!s->table) return -1;
    s->temp_head = malloc(TEMP_BUCKETS * sizeof(int32_t));
    if (!s->temp_head || reserve_frame(s) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    memset(s->temp_head, -1, TEMP_BUCKETS * sizeof(int32_t));
    Frame *root = &s->frames[0];
    memset(root, 0, sizeof(Frame));
    forget_ring(s);
    keep_position(s, 0, p);
    root->temp_next = -1;
    uint8_t key[KEYMAX + KEYPAD];
    int kn = make_key(s, p, key);
    uint64_t h = hash_key(key, kn);
    int seen;
    size_t slot = table_find(s->table, h, key, kn, &seen);
    if (!seen && table_put(s->table, slot, h, key, kn) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    s->nframes = 1;
    if (fill_frame(s, root, p) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    if (dead_ends(s) && dead_end(p, R->base)) { /* P8: lost; searched as a position without moves */
        root->ccur = root->cend;
        root->late = 0;
    }
    s->nodes = 1;
    s->verdict = UNKNOWN;
    return 0;
}

/* The attribute `name` of `o` (a CoreRules or CoreOptions), a new reference or NULL. */
static PyObject *attribute(PyObject *o, const char *name, const char *what) {
    PyObject *v = PyObject_GetAttrString(o, name);
    if (!v) {
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "%s has no field %s", what, name);
    }
    return v;
}

/* Each field of `fields` read from `o`'s attribute of its name into the int at its offset from
 * `base`: a whole number, or (`truth`) a flag by its truth. */
static int read_fields(PyObject *o, const Field *fields, int n, void *base, int truth,
                       const char *what) {
    for (int i = 0; i < n; i++) {
        PyObject *v = attribute(o, fields[i].name, what);
        if (!v) return -1;
        long x = truth ? PyObject_IsTrue(v) : PyLong_AsLong(v);
        Py_DECREF(v);
        if (x == -1 && PyErr_Occurred()) return -1;
        if (x < INT_MIN || x > INT_MAX) {
            PyErr_Format(PyExc_ValueError, "%s.%s is out of range", what, fields[i].name);
            return -1;
        }
        *field_at(base, &fields[i]) = (int)x;
    }
    return 0;
}

static int read_rule_table(PyObject *rules, const char *name, uint8_t table[NCARDS][NCARDS],
                           uint8_t *lens) {
    PyObject *v = attribute(rules, name, "rules");
    if (!v) return -1;
    int ok = read_table(v, table, lens);
    Py_DECREF(v);
    return ok;
}

/* Search(talon, pointer, reserve, foundations, columns, recycles, rules, options, table_limit,
 *        known_lost, probe=0): `rules` a search.CoreRules, `options` a search.CoreOptions, each
 * field read by its name; the C Rules is filled from them once, here. */
static int search_init(SearchObject *s, PyObject *args, PyObject *kwds) {
    PyObject *talon, *reserve, *found, *columns, *rules, *options, *known;
    int pointer, recycles;
    long long table_limit, probe = 0;
    static char *names[] = {"talon",  "pointer",     "reserve",    "foundations", "columns",
                            "recycles", "rules",     "options",    "table_limit", "known_lost",
                            "probe",  NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "SiSSO!iOOLO|L", names, &talon, &pointer,
                                     &reserve, &found, &PyTuple_Type, &columns, &recycles, &rules,
                                     &options, &table_limit, &known, &probe))
        return -1;
    if (s->frames) {
        PyErr_SetString(PyExc_RuntimeError, "a search is set up once");
        return -1;
    }
    Rules *R = &s->rules;
    memset(R, 0, sizeof(Rules));
    if (read_fields(rules, RULE_INTS, NRULE_INTS, R, 0, "rules") < 0 ||
        read_rule_table(rules, "parents", R->parents, R->nparents) < 0 ||
        read_rule_table(rules, "children", R->children, R->nchildren) < 0)
        return -1;
    PyObject *alias = attribute(rules, "alias", "rules");
    if (!alias) return -1;
    int twins = read_bytes(alias, R->alias, NCARDS, "alias");
    Py_DECREF(alias);
    if (twins < 0) return -1;
    if (twins != NCARDS) {
        PyErr_SetString(PyExc_ValueError, "alias names a twin for each of the 52 cards");
        return -1;
    }
    if (read_fields(options, OPTION_FLAGS, NOPTION_FLAGS, s, 1, "options") < 0 ||
        read_fields(options, OPTION_INTS, NOPTION_INTS, s, 0, "options") < 0)
        return -1;
    PyObject *seed_obj = attribute(options, "seed", "options");
    if (!seed_obj) return -1;
    unsigned long long seed = PyLong_AsUnsignedLongLongMask(seed_obj);
    Py_DECREF(seed_obj);
    if (seed == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    s->shuffle = seed != 0;
    s->rng = seed;
    s->table_limit = table_limit;
    Pos p;
    memset(&p, 0, sizeof p);
    int n = read_bytes(talon, p.talon, NCARDS, "talon");
    if (n < 0) return -1;
    p.talon_len = (uint8_t)n;
    s->reserve_size = read_bytes(reserve, s->reserve, NCARDS, "reserve");
    if (s->reserve_size < 0) return -1;
    if (read_bytes(found, p.found, 4, "foundations") != 4) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "four foundation counts");
        return -1;
    }
    if (PyTuple_GET_SIZE(columns) != 4) {
        PyErr_SetString(PyExc_ValueError, "four columns");
        return -1;
    }
    for (int k = 0; k < 4; k++) {
        int len = read_bytes(PyTuple_GET_ITEM(columns, k), p.cols[k], NCARDS, "a column");
        if (len < 0) return -1;
        p.len[k] = (uint8_t)len;
    }
    if (known != Py_None && !PyObject_TypeCheck(known, &TableType)) {
        PyErr_SetString(PyExc_TypeError, "known_lost must be a Table or None");
        return -1;
    }
    return start_search(s, &p, pointer, recycles, probe,
                        known == Py_None ? NULL : (TableObject *)known);
}

static PyObject *search_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    SearchObject *s = (SearchObject *)type->tp_alloc(type, 0);
    return (PyObject *)s; /* tp_alloc zeroes the object */
}

static void search_dealloc(SearchObject *s) {
    release_search(s);
    free_prober(s->prober);
    Py_XDECREF(s->lost);
    Py_XDECREF(s->table);
    Py_XDECREF(s->won);
    Py_XDECREF(s->cut);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyObject *moves_list(const Cand *c, size_t n) {
    PyObject *out = PyList_New((Py_ssize_t)n);
    if (!out) return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *t = Py_BuildValue("(ii)", c[i].card, c[i].target);
        if (!t) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, (Py_ssize_t)i, t);
    }
    return out;
}

/* P11: whether a won line took a placing child, and so is no line of the game. */
static int line_placed(const Cand *line, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (line[i].source >= PLACED) return 1;
    return 0;
}

static void finish(SearchObject *s, int verdict) {
    s->verdict = verdict;
    release_search(s);
    free_prober(s->prober);
    s->prober = NULL;
    if (verdict == WON) { /* the table proves nothing: let it go */
        TableObject *empty = table_new();
        Py_XSETREF(s->table, empty);
        if (!empty) PyErr_Clear();
    }
}

enum { STEP_MORE = 0, STEP_WON = 1, STEP_LOST = 2, STEP_STOP = 3, STEP_NOMEM = -1 };


/* Up to `steps` steps of the search; touches no Python object (runs without the GIL). */
static int advance(SearchObject *s, long long *nodes_io, long long stop, Cand *winning, int steps) {
    long long nodes = *nodes_io;
    int status = STEP_MORE;
    uint8_t key[KEYMAX + KEYPAD];
    TableObject *table = s->table;
    const int dead = dead_ends(s);
    while (steps-- > 0) {
        if (!s->nframes) {
            status = STEP_LOST;
            break;
        }
        if (stop >= 0 && nodes >= stop) {
            status = STEP_STOP;
            break;
        }
        Frame *f = &s->frames[s->nframes - 1];
        const Pos *fp = top_position(s);
        if (f->ccur == f->cend && f->late) {
            if (reserve_cands(s, MAXCANDS) < 0) {
                status = STEP_NOMEM;
                break;
            }
            f->late = 0;
            Reach r;
            compute_reach(&s->rules, fp, &r);
            /* the frame's children are popped: its candidates end the stack */
            int n = gen_late(s, fp, &r, s->cands + s->ncands);
            f->ccur = (uint32_t)s->ncands;
            s->ncands += (size_t)n;
            f->cend = (uint32_t)s->ncands;
            key_children(s, fp, f->ccur, f->cend);
        }
        if (f->ccur == f->cend) {
            if (f->temporary) {
                s->temp_head[f->hash & (TEMP_BUCKETS - 1)] = f->temp_next;
                s->ntemp--;
            }
            s->ncands = f->cbegin;
            s->nframes--;
            continue;
        }
        if (reserve_frame(s) < 0 || reserve_cands(s, MAXCANDS) < 0) {
            status = STEP_NOMEM;
            break;
        }
        f = &s->frames[s->nframes - 1]; /* the frames may have moved */
        Cand c = s->cands[f->ccur++];
        Frame *g = &s->frames[s->nframes];
        Pos *child = &s->ring[s->nframes % RING]; /* where a push keeps it */
        s->ring_at[s->nframes % RING] = 0;
        play(s, fp, child, c);
        if (won(child)) {
            *winning = c;
            status = STEP_WON;
            break;
        }
        int kn = make_key(s, child, key);
        uint64_t h = hash_key(key, kn);
        int seen;
        size_t slot = table_find(table, h, key, kn, &seen);
        if (s->also) {
            int lost;
            table_find(s->also, h, key, kn, &lost);
            if (lost) continue;
        }
        /* (without temporary frames every bucket is empty: its random read is spared) */
        if (seen || (s->ntemp && s->temp_head[h & (TEMP_BUCKETS - 1)] >= 0 &&
                     temp_find(s, h, key, kn)))
            continue;
        /* P8: lost, and not searched. Checked only once the position is new: a position with a
           cycle is never kept, so a seen one has none (search.py checks first: the same skips) */
        if (dead && c.target < FOUNDATION && fp->len[c.target] &&
            goes_up_first(child, c.target, fp->len[c.target], s->rules.base))
            continue;
        g->temporary = (long long)table->count >= s->table_limit;
        if (g->temporary) {
            g->hash = h;
            g->temp_next = s->temp_head[h & (TEMP_BUCKETS - 1)];
        } else if (table_put(table, slot, h, key, kn) < 0) {
            f->ccur--; /* try it again */
            status = STEP_NOMEM;
            break;
        }
        if (s->probe) {
            int stack = child->talon_len < fp->talon_len || child->reserve_len < fp->reserve_len;
            long long spent = 0, budget = s->probe;
            /* never past the search's own bound: nodes + 1 (this one) + the probe's at most */
            if (stop >= 0 && stop - nodes - 2 < budget) budget = stop - nodes - 2;
            int lost = probe_lost(s, child, stack && budget > 0, budget, &spent);
            nodes += spent;
            steps -= spent > INT_MAX ? INT_MAX : (int)spent;
            if (lost < 0) {
                nodes++;
                status = STEP_NOMEM;
                break;
            }
            if (lost) { /* P7: a blind loss is a loss; it stays in the table as seen */
                nodes++;
                continue;
            }
        }
        g->move = c;
        keep_position(s, s->nframes, child);
        fill_frame(s, g, child); /* cannot fail: the candidates were reserved above */
        if (g->temporary) {
            s->temp_head[h & (TEMP_BUCKETS - 1)] = (int32_t)s->nframes;
            s->ntemp++;
        }
        s->nframes++;
        nodes++;
    }
    *nodes_io = nodes;
    return status;
}

/* A table in plain C memory (a prober's own: never seen by Python). */
static int table_plain(TableObject *t) {
    memset(t, 0, sizeof *t);
    return table_init_slots(t, 1 << 12);
}

static void table_empty(TableObject *t) {
    if (t->count) memset(t->slots, 0, (t->mask + 1) * sizeof(uint64_t));
    t->count = 0;
    t->arena_len = 0;
}

static void free_prober(SearchObject *b) {
    if (!b) return;
    release_search(b);
    if (b->table) {
        free(b->table->slots);
        free(b->table->arena);
        free(b->table);
    }
    free(b);
}

/* The blind search the probes of s reuse: s's rules and options, blind, no shuffle. */
static SearchObject *make_prober(const SearchObject *s) {
    SearchObject *b = calloc(1, sizeof *b);
    if (!b) return NULL;
    b->rules = s->rules;
    b->symmetry = s->symmetry;
    b->take_backs = s->take_backs;
    b->safe_up = s->safe_up;
    b->blind = 1;
    b->talon_last = s->talon_last;
    memcpy(b->reserve, s->reserve, sizeof b->reserve);
    b->reserve_size = s->reserve_size;
    b->table_limit = LLONG_MAX;
    b->also = s->lost;
    b->table = malloc(sizeof(TableObject));
    b->temp_head = malloc(TEMP_BUCKETS * sizeof(int32_t));
    if (!b->table || table_plain(b->table) < 0 || !b->temp_head) {
        free_prober(b);
        return NULL;
    }
    memset(b->temp_head, -1, TEMP_BUCKETS * sizeof(int32_t));
    return b;
}

/* P7 (search.Search._probe_lost): 1 if q's blind key was proved lost, or (`stack`: a stack
 * card was just played) a blind search of at most `budget` positions from q proves it lost (0 if not, -1 without memory); *spent: the positions it searched. Every key
 * of a probe that ends lost is lost, so they go into s->lost (while it holds less than a
 * quarter of table_limit) and answer later probes at once. */
static int probe_lost(SearchObject *s, const Pos *q, int stack, long long budget,
                      long long *spent) {
    *spent = 0;
    if (!s->prober && !(s->prober = make_prober(s))) return -1;
    SearchObject *b = s->prober;
    uint8_t key[KEYMAX + KEYPAD];
    int kn = make_key(b, q, key);
    uint64_t h = hash_key(key, kn);
    int found;
    table_find(s->lost, h, key, kn, &found);
    if (found) return 1;
    if (!stack) return 0; /* only remembered losses away from a stack card's play */
    table_empty(b->table);
    b->nframes = b->ncands = 0;
    if (reserve_frame(b) < 0) return -1;
    Frame *root = &b->frames[0];
    memset(root, 0, sizeof(Frame));
    forget_ring(b);
    keep_position(b, 0, q);
    root->temp_next = -1;
    size_t slot = table_find(b->table, h, key, kn, &found);
    if (table_put(b->table, slot, h, key, kn) < 0 || fill_frame(b, root, q) < 0) return -1;
    b->nframes = 1;
    long long nodes = 1;
    Cand winning;
    int status = advance(b, &nodes, 1 + budget, &winning, INT_MAX);
    *spent = nodes;
    if (status == STEP_NOMEM) return -1;
    if (status != STEP_LOST) return 0;
    if ((long long)s->lost->count < s->table_limit / 4) {
        const TableObject *t = b->table;
        for (size_t off = 0; off < t->arena_len; off += (size_t)t->arena[off] + 1) {
            const uint8_t *k = t->arena + off + 1;
            int n = t->arena[off];
            uint64_t hk = hash_key(k, n);
            size_t at = table_find(s->lost, hk, k, n, &found);
            if (!found && table_put(s->lost, at, hk, k, n) < 0) return -1;
        }
    }
    return 1;
}

/* run(deadline, stop, clock): search on until `clock() > deadline` or `stop` positions.
 *
 * The GIL is released between clock checks (the app runs the solver in a thread).
 */
/* ------------------------------------------------------------ the cut of a won line */

/* A won line's positions pos[0..n] indexed by their exact key, the latest index of each. */
typedef struct {
    const Pos *pos;
    size_t size; /* a power of 2, at least twice n + 1 */
    int64_t *slot; /* an index into pos, -1 where empty */
    uint64_t *tag; /* the key's hash there */
} LineIndex;

/* Index pos[0..n] (the later of two equal positions stands): 0, or -1 without memory. */
static int index_line(SearchObject *s, LineIndex *x, const Pos *pos, size_t n) {
    x->pos = pos;
    x->size = 16;
    while (x->size < 2 * (n + 1)) x->size <<= 1;
    x->slot = malloc(x->size * sizeof(int64_t));
    x->tag = malloc(x->size * sizeof(uint64_t));
    if (!x->slot || !x->tag) {
        free(x->slot);
        free(x->tag);
        return -1;
    }
    memset(x->slot, 0xff, x->size * sizeof(int64_t));
    uint8_t key[KEYMAX + KEYPAD], other[KEYMAX + KEYPAD];
    for (size_t i = 0; i <= n; i++) {
        int kn = make_key(s, &pos[i], key);
        uint64_t h = hash_key(key, kn);
        size_t at = (size_t)h & (x->size - 1);
        while (x->slot[at] >= 0) {
            if (x->tag[at] == h && make_key(s, &pos[x->slot[at]], other) == kn &&
                memcmp(key, other, (size_t)kn) == 0)
                break;
            at = (at + 1) & (x->size - 1);
        }
        x->slot[at] = (int64_t)i;
        x->tag[at] = h;
    }
    return 0;
}

/* The latest index of the line that is position q, or 0 where it is none of them. */
static size_t line_latest(SearchObject *s, const LineIndex *x, const Pos *q) {
    uint8_t key[KEYMAX + KEYPAD], other[KEYMAX + KEYPAD];
    int kn = make_key(s, q, key);
    uint64_t h = hash_key(key, kn);
    for (size_t i = (size_t)h & (x->size - 1); x->slot[i] >= 0; i = (i + 1) & (x->size - 1)) {
        if (x->tag[i] == h && make_key(s, &x->pos[x->slot[i]], other) == kn &&
            memcmp(key, other, (size_t)kn) == 0)
            return (size_t)x->slot[i];
    }
    return 0;
}

/* The card moves from p, in the order the search makes them. */
static int line_moves(SearchObject *s, const Pos *p, Cand *cands) {
    Reach r;
    compute_reach(&s->rules, p, &r);
    int late = 0;
    int count = gen_early(s, p, &r, cands, &late);
    if (late) count += gen_late(s, p, &r, cands + count);
    return count;
}

#define SECOND ((size_t)-1) /* in `stood`: the second move of a pair, not a step's start */

/* A walk from pos[0] to pos[n] of the indexed line, whose moves are `line`: each step takes the
 * move that reaches the latest of its positions (ties to the first), or with `pairs` the two
 * moves that do, where they land at least two positions past the best one. The walk's moves go
 * to `out` (at most n), and to `stood` the index each step started from (SECOND for a pair's
 * second move); its length is returned. */
static size_t walk_line(SearchObject *s, const LineIndex *x, const Cand *line, size_t n, int pairs,
                        Cand *out, size_t *stood) {
    size_t at = 0, m = 0;
    Cand cands[2 * MAXCANDS], seconds[2 * MAXCANDS];
    while (at < n) {
        const Pos *p = &x->pos[at];
        int count = line_moves(s, p, cands);
        size_t single = at + 1, pair = 0;
        Cand move = line[at], two[2] = {line[at], line[at]};
        for (int c = 0; c < count; c++) {
            Pos q;
            play(s, p, &q, cands[c]);
            size_t reached = line_latest(s, x, &q);
            if (reached > single) {
                single = reached;
                move = cands[c];
            }
            if (!pairs) continue;
            int more = line_moves(s, &q, seconds);
            for (int d = 0; d < more; d++) {
                Pos r;
                play(s, &q, &r, seconds[d]);
                reached = line_latest(s, x, &r);
                if (reached > pair) {
                    pair = reached;
                    two[0] = cands[c];
                    two[1] = seconds[d];
                }
            }
        }
        stood[m] = at;
        if (pairs && pair >= single + 2) {
            out[m++] = two[0];
            stood[m] = SECOND;
            out[m++] = two[1];
            at = pair;
        } else {
            out[m++] = move;
            at = single;
        }
    }
    return m;
}

/* Overwrite pos[0..m] with the positions of the walk's line, from the line's own positions
 * (pos[0..n], indexed as the walk read them) and the walk's `stood` and moves. A step's start
 * is a position of the line; a pair's middle is played from its start. Every index written is
 * at most the next one read, so the line's positions are read before they are overwritten. */
static void walked_positions(SearchObject *s, Pos *pos, size_t n, const Cand *moves, size_t m,
                             const size_t *stood) {
    for (size_t k = 0; k < m; k++) {
        if (stood[k] == SECOND) {
            play(s, &pos[k - 1], &pos[k], moves[k - 1]);
        } else if (stood[k] != k) {
            copy_pos(&pos[k], &pos[stood[k]]);
        }
    }
    copy_pos(&pos[m], &pos[n]); /* the won position, where every walk ends */
}

/* solver/shorten.py's cut, made here while the stack still holds the line's positions: the
 * n card moves `line` of a win are cut into `out` (its length returned; -1 without memory).
 * The positions 0..n are indexed by their exact key (the column symmetry and R1 off); from the
 * root, each step takes the candidate (P5 off: none forced; no shuffle, no talon-last order,
 * take-backs on: shorten._JUMPS) that reaches the latest of them, ties to the first, as
 * shorten.cut_once does; while the line is longer than CUT_SHORT it is walked again with jumps
 * of two moves, as shorten.cut_twice does, at most CUT_PAIR_WALKS times and while that shortens
 * it, so the two give the same line (tests/solver/test_shorten.py). */
static long cut_line(SearchObject *s, const Cand *line, size_t n, Cand *out) {
    Pos *pos = malloc((n + 1) * sizeof(Pos));
    size_t *stood = malloc((n + 1) * sizeof(size_t));
    Cand *walked = malloc(n * sizeof(Cand));
    if (!pos || !stood || !walked) {
        free(pos);
        free(stood);
        free(walked);
        return -1;
    }
    position_of(s, 0, &pos[0]);
    for (size_t i = 1; i < n; i++) play(s, &pos[i - 1], &pos[i], s->frames[i].move);
    play(s, &pos[n - 1], &pos[n], line[n - 1]);
    int saved[6] = {s->symmetry, s->safe_up, s->shuffle, s->talon_last, s->take_backs, s->links};
    s->symmetry = s->safe_up = s->shuffle = s->talon_last = s->links = 0; /* exact keys (R1's too) */
    s->take_backs = 1;
    long m = -1;
    LineIndex x;
    if (index_line(s, &x, pos, n) == 0) {
        size_t length = walk_line(s, &x, line, n, 0, out, stood);
        free(x.slot);
        free(x.tag);
        m = (long)length;
        size_t end = n; /* where pos[] holds the won position */
        for (int walk = 0; walk < CUT_PAIR_WALKS && length > CUT_SHORT; walk++) {
            walked_positions(s, pos, end, out, length, stood);
            end = length;
            memcpy(walked, out, length * sizeof(Cand));
            if (index_line(s, &x, pos, length) < 0) break;
            size_t shorter = walk_line(s, &x, walked, length, 1, out, stood);
            free(x.slot);
            free(x.tag);
            if (shorter >= length) {
                memcpy(out, walked, length * sizeof(Cand));
                break;
            }
            length = shorter;
            m = (long)length;
        }
    }
    s->symmetry = saved[0];
    s->safe_up = saved[1];
    s->shuffle = saved[2];
    s->talon_last = saved[3];
    s->take_backs = saved[4];
    s->links = saved[5];
    free(pos);
    free(stood);
    free(walked);
    return m;
}

/* run()'s limits: `deadline` (a float, or None: 0 is returned, else 1) and `stop` (positions
 * in all, or None: -1); -1 with the exception set when either is not a number. */
static int read_limits(PyObject *deadline_obj, PyObject *stop_obj, double *deadline,
                       long long *stop) {
    *deadline = 0;
    *stop = -1;
    if (stop_obj != Py_None) {
        *stop = PyLong_AsLongLong(stop_obj);
        if (*stop == -1 && PyErr_Occurred()) return -1;
    }
    if (deadline_obj == Py_None) return 0;
    *deadline = PyFloat_AsDouble(deadline_obj);
    return *deadline == -1.0 && PyErr_Occurred() ? -1 : 1;
}

/* Whether clock() is past `deadline`: 1 or 0, and -1 with the exception set if clock fails. */
static int past_deadline(PyObject *clock, double deadline) {
    PyObject *now = PyObject_CallNoArgs(clock);
    double t = now ? PyFloat_AsDouble(now) : -1.0;
    Py_XDECREF(now);
    if (!now || (t == -1.0 && PyErr_Occurred())) return -1;
    return t > deadline;
}

static PyObject *search_run(SearchObject *s, PyObject *args) {
    PyObject *deadline_obj, *stop_obj, *clock;
    if (!PyArg_ParseTuple(args, "OOO", &deadline_obj, &stop_obj, &clock)) return NULL;
    if (s->verdict != UNKNOWN) return PyLong_FromLong(s->verdict);
    if (!s->frames) {
        PyErr_SetString(PyExc_RuntimeError, "the search was not set up");
        return NULL;
    }
    if (s->running || s->table->running) {
        PyErr_SetString(PyExc_RuntimeError, "this search or its table is running in another thread");
        return NULL;
    }
    double deadline;
    long long stop;
    int timed = read_limits(deadline_obj, stop_obj, &deadline, &stop);
    if (timed < 0) return NULL;
    long long nodes = s->nodes;
    int outcome = LOST;
    Cand winning = {0, 0, 0, 0};
    TableObject *table = s->table;
    Py_INCREF(table);
    s->running = table->running = 1;
    PyObject *failed = NULL;
    for (;;) {
        int status;
        Py_BEGIN_ALLOW_THREADS
        status = advance(s, &nodes, stop, &winning, CHECK_EVERY);
        Py_END_ALLOW_THREADS
        if (status == STEP_NOMEM) {
            PyErr_NoMemory();
            failed = Py_None; /* the exception is set */
            break;
        }
        if (status == STEP_WON) {
            outcome = WON;
            break;
        }
        if (status == STEP_LOST) {
            outcome = LOST;
            break;
        }
        if (status == STEP_STOP) {
            outcome = UNKNOWN;
            break;
        }
        if (PyErr_CheckSignals() < 0) {
            failed = Py_None; /* the exception is set */
            break;
        }
        int past = timed ? past_deadline(clock, deadline) : 0;
        if (past < 0) {
            failed = Py_None; /* the exception is set */
            break;
        }
        if (past) {
            outcome = UNKNOWN;
            break;
        }
    }
    s->running = table->running = 0;
    Py_DECREF(table);
    s->nodes = nodes;
    if (failed) return NULL;
    if (outcome == WON) {
        size_t n = s->nframes;
        Cand *line = malloc(n * sizeof(Cand));
        if (!line) return PyErr_NoMemory();
        for (size_t i = 1; i < n; i++) line[i - 1] = s->frames[i].move;
        line[n - 1] = winning;
        s->won = moves_list(line, line_placed(line, n) ? 0 : n); /* P11: a won node is no win */
        Cand *cut = s->blind || s->tracked ? NULL : malloc(n * sizeof(Cand));
        long m = cut ? cut_line(s, line, n, cut) : -1;
        if (s->won && m >= 0) s->cut = moves_list(cut, (size_t)m);
        free(cut);
        free(line);
        if (!s->won) return NULL;
        if (!s->cut) PyErr_Clear(); /* without memory for the cut: shorten.py makes it */
    }
    if (outcome != UNKNOWN) finish(s, outcome);
    return PyLong_FromLong(outcome);
}

static PyObject *tuple_of(const uint8_t *b, int n, int reversed) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(b[reversed ? n - 1 - i : i]);
        if (!v) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* The position as (stock, waste, reserve, foundations, columns, recycles), State's order. */
static PyObject *position_tuple(const SearchObject *s, const Pos *p) {
    return Py_BuildValue(
        "(NNN(iiii)(NNNN)i)", tuple_of(p->talon + p->pointer, p->talon_len - p->pointer, 1),
        tuple_of(p->talon, p->pointer, 0), tuple_of(s->reserve, p->reserve_len, 0), p->found[0],
        p->found[1], p->found[2], p->found[3], tuple_of(p->cols[0], p->len[0], 0),
        tuple_of(p->cols[1], p->len[1], 0), tuple_of(p->cols[2], p->len[2], 0),
        tuple_of(p->cols[3], p->len[3], 0), p->recycles);
}

/* expand(): every candidate of the root, in order, with the child the search makes of it. */
static PyObject *search_expand(SearchObject *s, PyObject *unused) {
    if (!s->frames || s->nframes != 1 || s->nodes != 1) {
        PyErr_SetString(PyExc_RuntimeError, "expand() is for a search that has not run");
        return NULL;
    }
    Pos root;
    position_of(s, 0, &root);
    const Pos *p = &root;
    Cand cands[2 * MAXCANDS];
    Reach r;
    compute_reach(&s->rules, p, &r);
    int late = 0;
    uint64_t rng = s->rng;
    int n = gen_early(s, p, &r, cands, &late);
    s->rng = rng; /* expand() does not move the shuffle on */
    if (late) n += gen_late(s, p, &r, cands + n);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) {
        Pos q;
        play(s, p, &q, cands[i]);
        PyObject *t = Py_BuildValue("(iiiiN)", cands[i].card, cands[i].target, cands[i].source,
                                    cands[i].index, position_tuple(s, &q));
        if (!t) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, t);
    }
    return out;
}

/* ------------------------------------------------------- the beam's walk (solver/beam.py) */

typedef struct {
    Pos pos;
    int32_t parent; /* its index in the walk, -1 for the root */
    Cand move;      /* the move that made it from its parent */
} WalkNode;

typedef struct {
    uint32_t *slots; /* 0: empty; else index + 1 into keys */
    size_t mask;
    uint8_t *keys; /* KEYMAX + 1 bytes a key: its length, then the key */
    size_t count, cap;
} KeySet;

/* Whether k was new (and is now in the set); -1 when out of memory. */
static int keyset_add(KeySet *ks, const uint8_t *k, int n) {
    size_t i = (size_t)hash_key(k, n) & ks->mask;
    for (; ks->slots[i]; i = (i + 1) & ks->mask) {
        const uint8_t *o = ks->keys + (size_t)(ks->slots[i] - 1) * (KEYMAX + 1);
        if (o[0] == n && !memcmp(o + 1, k, (size_t)n)) return 0;
    }
    if (ks->count == ks->cap) return -1; /* sized by the caller: never reached */
    uint8_t *o = ks->keys + ks->count * (KEYMAX + 1);
    o[0] = (uint8_t)n;
    memcpy(o + 1, k, (size_t)n);
    ks->slots[i] = (uint32_t)(++ks->count);
    return 1;
}

/* beam._score: ten points a card up, five off a waste card, two a reserve card, a point a rank
 * at a column's end, three an empty column. */
static int beam_score(const Pos *p) {
    int up = p->found[0] + p->found[1] + p->found[2] + p->found[3], ends = 0, empty = 0;
    unsigned ranks = 0;
    for (int c = 0; c < 4; c++) {
        if (p->len[c])
            ranks |= 1u << (p->cols[c][p->len[c] - 1] % 13);
        else
            empty++;
    }
    for (; ranks; ranks &= ranks - 1) ends++;
    return 10 * up - 5 * p->pointer - 2 * p->reserve_len + ends + 3 * empty;
}

/* The moves from the walk's root to node `at`, then `last`: four bytes a move (card, target,
 * source, index), as expand() gives them. */
static PyObject *walk_path(const WalkNode *walk, int32_t at, Cand last) {
    int n = 1;
    for (int32_t i = at; walk[i].parent >= 0; i = walk[i].parent) n++;
    PyObject *b = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)n * 4);
    if (!b) return NULL;
    uint8_t *o = (uint8_t *)PyBytes_AS_STRING(b) + (size_t)n * 4;
    const Cand *c = &last;
    for (int32_t i = at;; i = walk[i].parent) {
        o -= 4;
        o[0] = c->card;
        o[1] = (uint8_t)c->target;
        o[2] = (uint8_t)c->source;
        o[3] = c->index;
        if (walk[i].parent < 0) break;
        c = &walk[i].move;
    }
    return b;
}

/* What positions with the same stacks share (beam._stacks_of): the talon and its split, the
 * reserve's size, the recycles made. */
static PyObject *stacks_bytes(const Pos *p) {
    uint8_t b[NCARDS + 3];
    memcpy(b, p->talon, p->talon_len);
    b[p->talon_len] = p->pointer;
    b[p->talon_len + 1] = p->reserve_len;
    b[p->talon_len + 2] = p->recycles;
    return PyBytes_FromStringAndSize((const char *)b, p->talon_len + 3);
}

/* exits(closure): BeamSearch._walk_python in C. From the root, the positions free moves reach
 * (any move after which the talon and the reserve hold as many cards as before), breadth first
 * in expand()'s order, until `closure` are known; every move from them that spends a stack card,
 * or wins, is an exit. Returns (positions walked, [(key, stacks, score, path)], winning path or
 * None); a win ends the walk. */
static PyObject *search_exits(SearchObject *s, PyObject *args) {
    long closure;
    if (!PyArg_ParseTuple(args, "l", &closure)) return NULL;
    if (closure < 1 || closure > 1000000) {
        PyErr_SetString(PyExc_ValueError, "closure must be from 1 to 1000000 positions");
        return NULL;
    }
    if (!s->frames || s->nframes != 1 || s->nodes != 1) {
        PyErr_SetString(PyExc_RuntimeError, "exits() is for a search that has not run");
        return NULL;
    }
    /* the walk stops once `closure` are known: at most one position's children past it */
    size_t most = (size_t)closure + 2 * MAXCANDS, size = 1024;
    while (size < 2 * most) size *= 2;
    KeySet seen = {calloc(size, sizeof(uint32_t)), size - 1, malloc(most * (KEYMAX + 1)), 0, most};
    WalkNode *walk = malloc(most * sizeof(WalkNode));
    Cand *cands = malloc(2 * MAXCANDS * sizeof(Cand));
    PyObject *out = PyList_New(0), *win = NULL, *result = NULL;
    if (!seen.slots || !seen.keys || !walk || !cands || !out) {
        PyErr_NoMemory();
        goto done;
    }
    Pos unpacked;
    position_of(s, 0, &unpacked);
    const Pos *root = &unpacked;
    const int start = root->talon_len + root->reserve_len;
    uint8_t k[KEYMAX + KEYPAD];
    copy_pos(&walk[0].pos, root);
    walk[0].parent = -1;
    size_t len = 1, at = 0;
    long long nodes = 0;
    keyset_add(&seen, k, make_key(s, root, k));
    while (at < len && (long)seen.count < closure) {
        const int32_t me = (int32_t)at++;
        const Pos *p = &walk[me].pos;
        nodes++;
        Reach r;
        compute_reach(&s->rules, p, &r);
        int late = 0;
        uint64_t rng = s->rng;
        int n = gen_early(s, p, &r, cands, &late);
        s->rng = rng;
        if (late) n += gen_late(s, p, &r, cands + n);
        for (int i = 0; i < n; i++) {
            Pos q;
            play(s, p, &q, cands[i]);
            int w = won(&q);
            if (w || q.talon_len + q.reserve_len < start) {
                PyObject *path = walk_path(walk, me, cands[i]);
                if (!path) goto done;
                if (w) {
                    win = path;
                    goto finished;
                }
                int kn = make_key(s, &q, k);
                PyObject *t = Py_BuildValue("(y#NiN)", (const char *)k, (Py_ssize_t)kn,
                                            stacks_bytes(&q), beam_score(&q), path);
                if (!t || PyList_Append(out, t) < 0) {
                    Py_XDECREF(t);
                    goto done;
                }
                Py_DECREF(t);
                continue;
            }
            int added = keyset_add(&seen, k, make_key(s, &q, k));
            if (added < 0) {
                PyErr_NoMemory();
                goto done;
            }
            if (added) {
                copy_pos(&walk[len].pos, &q);
                walk[len].parent = me;
                walk[len].move = cands[i];
                len++;
            }
        }
    }
finished:
    result = Py_BuildValue("(LOO)", nodes, out, win ? win : Py_None);
done:
    Py_XDECREF(win);
    Py_XDECREF(out);
    free(seen.slots);
    free(seen.keys);
    free(walk);
    free(cands);
    return result;
}

static PyObject *search_moves(SearchObject *s, PyObject *unused) {
    if (s->won) {
        Py_INCREF(s->won);
        return s->won;
    }
    return PyList_New(0);
}

static PyObject *search_cut(SearchObject *s, PyObject *unused) {
    if (s->cut) {
        Py_INCREF(s->cut);
        return s->cut;
    }
    Py_RETURN_NONE;
}

/* ------------------------------------------------ the links game (solver/links.py, P9) */

#define LINKS_MAX 26 /* twin classes: 13 ranks, or 26 ranks and colours */

typedef struct {
    uint64_t mask;    /* the root's talon cards still in the talon, a bit each */
    uint64_t bottoms; /* P12: the cards that lie on nothing in a column, a bit each (else 0) */
    uint8_t pointer, reserve, found[4], links[LINKS_MAX];
} LinksNode;

/* A node of the bottoms search's path: its children are kids[first, first + count), taken from
 * the last (bottoms.BottomsSearch._children's order), `next` of them still to take. */
typedef struct {
    LinksNode node;
    size_t first;
    int next;
} LinksFrame;

typedef struct {
    PyObject_HEAD
    int k, draw, base, ntalon;
    uint8_t talon[NCARDS], reserve[NCARDS];
    uint8_t of[NCARDS], parent[LINKS_MAX], child[LINKS_MAX], size[LINKS_MAX];
    uint8_t home[4][14][LINKS_MAX]; /* how many of each class the first f cards of a suit hold */
    TableObject *seen;
    LinksNode *stack;
    size_t depth, cap;
    long long nodes, table_limit;
    int verdict, full, running;
    int keep; /* P12: the bottoms kept, a depth-first search with its path (frames and kids) */
    LinksFrame *frames;
    LinksNode *kids, won;
    size_t nframes, framecap, nkids, kidcap;
    /* P13 (layered()): the bottoms kept only while the reserve holds cards, the game searched
     * layer by layer: `seen` holds the layer being walked, its keys walked in the arena's order
     * from `cursor`, `next` the layer below (one stack card fewer) */
    int layered, layer;
    TableObject *next;
    size_t cursor;
    long long widest;
} LinksObject;

/* links._key: waste size, reserve size, foundations, links, then the mask's seven bytes. */
static int links_key(const LinksObject *g, const LinksNode *n, uint8_t *k) {
    int m = 0;
    k[m++] = n->pointer;
    k[m++] = n->reserve;
    for (int s = 0; s < 4; s++) k[m++] = n->found[s];
    for (int c = 0; c < g->k; c++) k[m++] = n->links[c];
    for (int b = 0; b < 7; b++) k[m++] = (uint8_t)(n->mask >> (8 * b));
    if (g->keep)
        for (int b = 0; b < 7; b++) k[m++] = (uint8_t)(n->bottoms >> (8 * b));
    return m;
}

/* links_key's inverse: every field of a node is in its key. */
static void links_unkey(const LinksObject *g, const uint8_t *k, LinksNode *n) {
    int m = 0;
    memset(n, 0, sizeof *n);
    n->pointer = k[m++];
    n->reserve = k[m++];
    for (int s = 0; s < 4; s++) n->found[s] = k[m++];
    for (int c = 0; c < g->k; c++) n->links[c] = k[m++];
    for (int b = 0; b < 7; b++) n->mask |= (uint64_t)k[m++] << (8 * b);
    if (g->keep)
        for (int b = 0; b < 7; b++) n->bottoms |= (uint64_t)k[m++] << (8 * b);
}

/* How many stack cards a node has left (talon and reserve): no move adds one. */
static int links_layer(const LinksNode *n) { return __builtin_popcountll(n->mask) + n->reserve; }

/* links.LinksGame.moves, in its order: an image of every real move from n, with the bottoms
 * after it where they are kept (g->keep, P12). */
static int links_children(const LinksObject *g, const LinksNode *n, LinksNode *out) {
    int k = g->k, base = g->base, count[LINKS_MAX], outside[LINKS_MAX] = {0};
    int keep = g->keep && (!g->layered || n->reserve); /* P13: P9's moves once it is empty */
    uint8_t cards[NCARDS], indices[NCARDS], away[NCARDS] = {0};
    int ncards = 0;
    for (int i = 0; i < g->ntalon; i++)
        if (n->mask >> i & 1) {
            cards[ncards] = g->talon[i];
            indices[ncards++] = (uint8_t)i;
            outside[g->of[g->talon[i]]]++;
            away[g->talon[i]] = 1;
        }
    for (int i = 0; i < n->reserve; i++) {
        outside[g->of[g->reserve[i]]]++;
        away[g->reserve[i]] = 1;
    }
    for (int s = 0; s < 4; s++)
        for (int c = 0; c < k; c++) outside[c] += g->home[s][n->found[s]][c];
    int runs = 0;
    for (int c = 0; c < k; c++) {
        count[c] = g->size[c] - outside[c];
        runs += count[c] - n->links[c];
    }
    int free_column = runs < 4, filled = n->reserve ? n->reserve - 1 : 0;
    int nexts[4];
    for (int s = 0; s < 4; s++) nexts[s] = n->found[s] == 13 ? -1 : s * 13 + (base + n->found[s]) % 13;
    /* with the bottoms kept: the cards in the columns, and the reserve's top, which fills a
     * column emptied at once and lies on nothing there */
    uint8_t in_columns[NCARDS] = {0};
    uint64_t fill = 0;
    if (keep) {
        uint8_t up[NCARDS] = {0};
        for (int s = 0; s < 4; s++)
            for (int j = 0; j < n->found[s]; j++) up[s * 13 + (base + j) % 13] = 1;
        for (int card = 0; card < NCARDS; card++) in_columns[card] = !away[card] && !up[card];
        if (n->reserve) fill = (uint64_t)1 << g->reserve[n->reserve - 1];
    }
#define ENDS(c) (count[c] - n->links[g->child[c]])
    LinksNode later[2 * NCARDS];
    int nout = 0, nlater = 0;
    /* the stack cards: the reserve's top, then each talon card taps bring up */
    int plays[NCARDS + 1], q = -1, nplays = 0;
    if (n->reserve) plays[nplays++] = -1;
    if (n->pointer) plays[nplays++] = n->pointer - 1;
    if (g->draw == 1) {
        for (int i = n->pointer; i < ncards; i++) plays[nplays++] = i;
    } else {
        for (q = n->pointer; q < ncards;) {
            q = q + g->draw < ncards ? q + g->draw : ncards;
            plays[nplays++] = q - 1;
        }
    }
    for (int j = 0; j < nplays; j++) {
        LinksNode m = *n;
        int card;
        if (plays[j] < 0) {
            card = g->reserve[n->reserve - 1];
            m.reserve--;
        } else {
            card = cards[plays[j]];
            m.mask &= ~((uint64_t)1 << indices[plays[j]]);
            m.pointer = (uint8_t)plays[j];
        }
        int c = g->of[card];
        if (nexts[card / 13] == card) {
            later[nlater] = m;
            later[nlater++].found[card / 13]++;
        }
        if (ENDS(g->parent[c]) > 0) {
            out[nout] = m;
            out[nout++].links[c]++;
        }
        if (free_column && !n->reserve) {
            out[nout] = m;
            if (keep) out[nout].bottoms |= (uint64_t)1 << card;
            nout++;
        }
    }
    for (int s = 0; s < 4; s++) { /* take-backs */
        if (!n->found[s]) continue;
        int top = s * 13 + (base + n->found[s] - 1) % 13, c = g->of[top];
        if (ENDS(g->parent[c]) > 0) {
            out[nout] = *n;
            out[nout].found[s]--;
            out[nout++].links[c]++;
        }
        if (free_column && !n->reserve) {
            out[nout] = *n;
            if (keep) out[nout].bottoms |= (uint64_t)1 << top;
            out[nout++].found[s]--;
        }
    }
    for (int c = 0; c < k; c++) {
        int p = g->parent[c];
        int most = count[c] < count[p] ? count[c] : count[p];
        /* a run onto another (its column empties): with the bottoms, one move for each bottom x
         * of the class that can be its first card */
        if (count[c] - n->links[c] > 0 && ENDS(p) > 0 && n->links[c] < most) {
            for (int x = 0; x < (keep ? NCARDS : 1); x++) {
                uint64_t bit = (uint64_t)1 << x;
                if (keep && !(in_columns[x] && g->of[x] == c && n->bottoms & bit)) continue;
                out[nout] = *n;
                out[nout].reserve = (uint8_t)filled;
                out[nout].links[c]++;
                if (keep) out[nout].bottoms = (n->bottoms & ~bit) | fill;
                nout++;
            }
        }
        /* a tail into an empty column: its first card x lay on a card */
        if (free_column && n->links[c] > 0) {
            for (int x = 0; x < (keep ? NCARDS : 1); x++) {
                uint64_t bit = (uint64_t)1 << x;
                if (keep && !(in_columns[x] && g->of[x] == c && !(n->bottoms & bit))) continue;
                out[nout] = *n;
                out[nout].links[c]--;
                if (keep) out[nout].bottoms |= bit;
                nout++;
            }
        }
    }
    for (int s = 0; s < 4; s++) { /* a column's end up */
        int card = nexts[s];
        if (card < 0 || away[card]) continue;
        int c = g->of[card];
        if (ENDS(c) <= 0) continue;
        /* without the bottoms any twin may be the end, having lain on a card or alone; with
         * them, only as this card's being a bottom or not allows */
        int bottom = keep && (n->bottoms >> card & 1);
        if (n->links[c] > 0 && !bottom) { /* it lay on a card */
            later[nlater] = *n;
            later[nlater].found[s]++;
            later[nlater++].links[c]--;
        }
        int most = n->links[c] > n->links[g->child[c]] ? n->links[c] : n->links[g->child[c]];
        if (count[c] - most > 0 && (!keep || bottom)) { /* alone in its column */
            later[nlater] = *n;
            later[nlater].found[s]++;
            if (keep) later[nlater].bottoms = (n->bottoms & ~((uint64_t)1 << card)) | fill;
            later[nlater++].reserve = (uint8_t)filled;
        }
    }
#undef ENDS
    for (int j = 0; j < nlater; j++) out[nout++] = later[j];
    if (g->layered)
        for (int j = 0; j < nout; j++)
            if (!out[j].reserve) out[j].bottoms = 0;
    return nout;
}

#define LINKS_CHILDREN_MAX (4 * (NCARDS + 1) + 4 * LINKS_MAX + 16)

/* At most `steps` nodes expanded: STEP_WON, STEP_LOST, STEP_STOP (the bound or a full table),
 * STEP_NOMEM, or 0 for more to do. */
static int links_advance(LinksObject *g, long long stop, int steps) {
    LinksNode children[LINKS_CHILDREN_MAX];
    uint8_t key[64];
    for (int step = 0; step < steps; step++) {
        if (!g->depth) return STEP_LOST;
        if (stop >= 0 && g->nodes >= stop) return STEP_STOP;
        LinksNode node = g->stack[--g->depth];
        int n = links_children(g, &node, children);
        for (int i = 0; i < n; i++) {
            const LinksNode *c = &children[i];
            if (c->found[0] == 13 && c->found[1] == 13 && c->found[2] == 13 && c->found[3] == 13)
                return STEP_WON;
            int len = links_key(g, c, key), found;
            uint64_t h = hash_key(key, len);
            size_t slot = table_find(g->seen, h, key, len, &found);
            if (found) continue;
            if ((long long)g->seen->count >= g->table_limit) {
                g->full = 1;
                return STEP_STOP;
            }
            if (table_put(g->seen, slot, h, key, len) < 0) return STEP_NOMEM;
            if (g->depth == g->cap) {
                size_t cap = g->cap ? 2 * g->cap : 4096;
                LinksNode *more = realloc(g->stack, cap * sizeof(LinksNode));
                if (!more) return STEP_NOMEM;
                g->stack = more;
                g->cap = cap;
            }
            g->stack[g->depth++] = *c;
            g->nodes++;
        }
    }
    return 0;
}

enum { STEP_BROKEN = -2 }; /* a move that added a stack card or took two */

/* The layered search, for at most `steps` nodes walked: breadth first through each layer
 * (the nodes with as many stack cards left), the layer below gathered meanwhile in `next`;
 * a walked layer's table is let go, since no move leads back to it. STEP_WON (a won node:
 * the game is won, no line kept), STEP_LOST, STEP_STOP, STEP_NOMEM, STEP_BROKEN or 0. */
static int layers_advance(LinksObject *g, long long stop, int steps) {
    LinksNode children[LINKS_CHILDREN_MAX];
    uint8_t key[64];
    for (int step = 0; step < steps; step++) {
        if (g->cursor >= g->seen->arena_len) {
            if (!g->next->count) return STEP_LOST;
            TableObject *fresh = table_new();
            if (!fresh) return STEP_NOMEM;
            Py_SETREF(g->seen, g->next);
            g->next = fresh;
            g->cursor = 0;
            g->layer--;
            continue;
        }
        if (stop >= 0 && g->nodes >= stop) return STEP_STOP;
        LinksNode node;
        const uint8_t *e = g->seen->arena + g->cursor;
        links_unkey(g, e + 1, &node);
        g->cursor += (size_t)e[0] + 1;
        int n = links_children(g, &node, children);
        for (int i = 0; i < n; i++) {
            const LinksNode *c = &children[i];
            if (c->found[0] == 13 && c->found[1] == 13 && c->found[2] == 13 && c->found[3] == 13)
                return STEP_WON;
            int layer = links_layer(c);
            if (layer != g->layer && layer != g->layer - 1) return STEP_BROKEN; /* cannot be */
            TableObject *t = layer == g->layer ? g->seen : g->next;
            int len = links_key(g, c, key), found;
            uint64_t h = hash_key(key, len);
            size_t slot = table_find(t, h, key, len, &found);
            if (found) continue;
            long long held = (long long)(g->seen->count + g->next->count);
            if (held >= g->table_limit) {
                g->full = 1;
                return STEP_STOP;
            }
            if (table_put(t, slot, h, key, len) < 0) return STEP_NOMEM;
            if (held + 1 > g->widest) g->widest = held + 1;
            g->nodes++;
        }
    }
    return 0;
}

enum { STEP_FOUND = 4 }; /* the bottoms search reached a won node: its path is the line */

/* n's children, to be taken from the last, on the bottoms search's path. */
static int bottoms_push(LinksObject *g, const LinksNode *n) {
    if (g->nframes == g->framecap) {
        size_t cap = g->framecap ? 2 * g->framecap : 1024;
        LinksFrame *more = realloc(g->frames, cap * sizeof(LinksFrame));
        if (!more) return STEP_NOMEM;
        g->frames = more;
        g->framecap = cap;
    }
    if (g->kidcap - g->nkids < LINKS_CHILDREN_MAX) {
        size_t cap = 2 * g->kidcap + LINKS_CHILDREN_MAX;
        LinksNode *more = realloc(g->kids, cap * sizeof(LinksNode));
        if (!more) return STEP_NOMEM;
        g->kids = more;
        g->kidcap = cap;
    }
    LinksFrame *f = &g->frames[g->nframes++];
    f->node = *n;
    f->first = g->nkids;
    f->next = links_children(g, n, g->kids + g->nkids);
    g->nkids += (size_t)f->next;
    return 0;
}

/* bottoms.BottomsSearch.run's loop, for at most `steps` turns: STEP_FOUND (a won node, in
 * g->won, its path the frames), STEP_LOST, STEP_STOP (the bound or a full table), STEP_NOMEM,
 * or 0 for more to do. A won node is not entered: the search goes on past it. */
static int bottoms_advance(LinksObject *g, long long stop, int steps) {
    uint8_t key[64];
    for (int step = 0; step < steps; step++) {
        if (!g->nframes) return STEP_LOST;
        if (stop >= 0 && g->nodes >= stop) return STEP_STOP;
        LinksFrame *f = &g->frames[g->nframes - 1];
        if (!f->next) {
            g->nkids = f->first;
            g->nframes--;
            continue;
        }
        LinksNode c = g->kids[f->first + (size_t)--f->next];
        int len = links_key(g, &c, key), found;
        uint64_t h = hash_key(key, len);
        size_t slot = table_find(g->seen, h, key, len, &found);
        if (found) continue;
        if ((long long)g->seen->count >= g->table_limit) {
            g->full = 1;
            return STEP_STOP;
        }
        if (table_put(g->seen, slot, h, key, len) < 0) return STEP_NOMEM;
        g->nodes++;
        if (c.found[0] == 13 && c.found[1] == 13 && c.found[2] == 13 && c.found[3] == 13) {
            g->won = c;
            return STEP_FOUND;
        }
        int status = bottoms_push(g, &c);
        if (status) return status;
    }
    return 0;
}

static int links_bytes(PyObject *o, uint8_t *out, int least, int most, const char *what) {
    if (!PyBytes_Check(o) || PyBytes_GET_SIZE(o) < least || PyBytes_GET_SIZE(o) > most) {
        PyErr_Format(PyExc_ValueError, "links: %s must be bytes of %d to %d", what, least, most);
        return -1;
    }
    memcpy(out, PyBytes_AS_STRING(o), (size_t)PyBytes_GET_SIZE(o));
    return (int)PyBytes_GET_SIZE(o);
}

/* Links(talon, pointer, reserve, found, links, draw, base, of, parent, child, size, home,
 * table_limit[, bottoms]): every argument a whole number or bytes, as links.LinksSearch packs
 * them; with `bottoms` (the root's, a bit for each card) the game keeps them (P12) and the
 * search is bottoms.BottomsSearch's, which stops at each won node it reaches. */
static int links_init(LinksObject *g, PyObject *args, PyObject *kwds) {
    PyObject *talon, *reserve, *found, *links, *of, *parent, *child, *size, *home;
    PyObject *bottoms = Py_None;
    int pointer, draw, base;
    long long table_limit;
    if (!PyArg_ParseTuple(args, "OiOOOiiOOOOOL|O", &talon, &pointer, &reserve, &found, &links,
                          &draw, &base, &of, &parent, &child, &size, &home, &table_limit,
                          &bottoms))
        return -1;
    uint64_t root_bottoms = 0;
    if (bottoms != Py_None) {
        root_bottoms = PyLong_Check(bottoms) ? PyLong_AsUnsignedLongLong(bottoms) : (uint64_t)-1;
        if (root_bottoms == (uint64_t)-1 || root_bottoms >> NCARDS) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "links: bottoms must be a set of cards (52 bits)");
            return -1;
        }
    }
    uint8_t f[4], l[LINKS_MAX], h[4 * 14 * LINKS_MAX];
    LinksNode root;
    memset(&root, 0, sizeof root);
    int nt = links_bytes(talon, g->talon, 0, NCARDS, "talon");
    int nr = nt < 0 ? -1 : links_bytes(reserve, g->reserve, 0, NCARDS, "reserve");
    int k = nr < 0 ? -1 : links_bytes(size, g->size, 1, LINKS_MAX, "size");
    if (k < 0 || links_bytes(found, f, 4, 4, "found") < 0 ||
        links_bytes(links, l, k, k, "links") < 0 || links_bytes(of, g->of, NCARDS, NCARDS, "of") < 0 ||
        links_bytes(parent, g->parent, k, k, "parent") < 0 ||
        links_bytes(child, g->child, k, k, "child") < 0 ||
        links_bytes(home, h, 4 * 14 * k, 4 * 14 * k, "home") < 0)
        return -1;
    for (int i = 0; i < NCARDS; i++) {
        int bad = g->of[i] >= k || (i < nt && g->talon[i] >= NCARDS) || (i < nr && g->reserve[i] >= NCARDS);
        if (i < k) bad |= g->parent[i] >= k || g->child[i] >= k;
        if (i < 4) bad |= f[i] > 13;
        if (bad) {
            PyErr_SetString(PyExc_ValueError, "links: a card or class out of range");
            return -1;
        }
    }
    if (pointer < 0 || pointer > nt || (draw != 1 && draw != 3) || base < 0 || base > 12 ||
        table_limit < 1) {
        PyErr_SetString(PyExc_ValueError, "links: pointer, draw, base or table_limit out of range");
        return -1;
    }
    g->k = k;
    g->ntalon = nt;
    g->draw = draw;
    g->base = base;
    for (int s = 0; s < 4; s++)
        for (int j = 0; j < 14; j++) memcpy(g->home[s][j], h + (s * 14 + j) * k, (size_t)k);
    root.mask = ((uint64_t)1 << nt) - 1; /* nt <= 52 */
    root.pointer = (uint8_t)pointer;
    root.reserve = (uint8_t)nr;
    memcpy(root.found, f, 4);
    memcpy(root.links, l, (size_t)k);
    root.bottoms = root_bottoms;
    g->keep = bottoms != Py_None;
    Py_XSETREF(g->seen, table_new());
    if (!g->seen) return -1;
    free(g->stack);
    free(g->frames);
    free(g->kids);
    g->frames = NULL;
    g->kids = NULL;
    g->nframes = g->framecap = g->nkids = g->kidcap = 0;
    g->stack = malloc(4096 * sizeof(LinksNode));
    if (!g->stack) {
        PyErr_NoMemory();
        return -1;
    }
    g->cap = 4096;
    g->depth = 0;
    uint8_t key[64];
    int len = links_key(g, &root, key), known;
    uint64_t hk = hash_key(key, len);
    size_t slot = table_find(g->seen, hk, key, len, &known);
    if (table_put(g->seen, slot, hk, key, len) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    if (g->keep) {
        if (bottoms_push(g, &root) < 0) {
            PyErr_NoMemory();
            return -1;
        }
    } else {
        g->stack[g->depth++] = root;
    }
    g->nodes = 1;
    g->table_limit = table_limit;
    g->verdict = UNKNOWN;
    g->full = g->running = 0;
    return 0;
}

static PyObject *links_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    LinksObject *g = (LinksObject *)type->tp_alloc(type, 0);
    return (PyObject *)g; /* tp_alloc zeroes it: no table, no stack */
}

static void links_dealloc(LinksObject *g) {
    Py_XDECREF(g->seen);
    Py_XDECREF(g->next);
    free(g->stack);
    free(g->frames);
    free(g->kids);
    Py_TYPE(g)->tp_free((PyObject *)g);
}

/* run(deadline, stop, clock) -> 0 unknown, 1 won, 2 lost, as Search.run; with the bottoms
 * kept, 3 for a won node reached (line() is its path; run on to search past it). */
static PyObject *links_run(LinksObject *g, PyObject *args) {
    PyObject *deadline_obj, *stop_obj, *clock;
    if (!PyArg_ParseTuple(args, "OOO", &deadline_obj, &stop_obj, &clock)) return NULL;
    if (!g->seen) {
        PyErr_SetString(PyExc_RuntimeError, "the links search was not set up");
        return NULL;
    }
    if (g->verdict != UNKNOWN || g->full) return PyLong_FromLong(g->verdict);
    if (g->running) {
        PyErr_SetString(PyExc_RuntimeError, "this links search is running in another thread");
        return NULL;
    }
    double deadline;
    long long stop;
    int timed = read_limits(deadline_obj, stop_obj, &deadline, &stop);
    if (timed < 0) return NULL;
    int outcome = UNKNOWN, failed = 0;
    g->running = 1;
    for (;;) {
        int status;
        Py_BEGIN_ALLOW_THREADS
        status = g->layered  ? layers_advance(g, stop, CHECK_EVERY)
                 : g->keep ? bottoms_advance(g, stop, CHECK_EVERY)
                           : links_advance(g, stop, CHECK_EVERY);
        Py_END_ALLOW_THREADS
        if (status == STEP_FOUND) {
            outcome = STEP_FOUND;
            break;
        }
        if (status == STEP_NOMEM) {
            PyErr_NoMemory();
            failed = 1;
            break;
        }
        if (status == STEP_BROKEN) {
            PyErr_SetString(PyExc_RuntimeError, "links: a move changed the stacks by more than a card");
            failed = 1;
            break;
        }
        if (status == STEP_WON || status == STEP_LOST) {
            outcome = status == STEP_WON ? WON : LOST;
            break;
        }
        if (status == STEP_STOP) break;
        if (PyErr_CheckSignals() < 0) {
            failed = 1;
            break;
        }
        int past = timed ? past_deadline(clock, deadline) : 0;
        if (past < 0) {
            failed = 1;
            break;
        }
        if (past) break;
    }
    g->running = 0;
    if (failed) return NULL;
    if (outcome == STEP_FOUND) return PyLong_FromLong(3);
    if (outcome != UNKNOWN) {
        g->verdict = outcome;
        Py_XSETREF(g->seen, table_new()); /* the search is over: its memory goes back */
        Py_CLEAR(g->next);
        free(g->stack);
        free(g->frames);
        free(g->kids);
        g->stack = NULL;
        g->frames = NULL;
        g->kids = NULL;
        g->depth = g->cap = g->nframes = g->framecap = g->nkids = g->kidcap = 0;
        if (!g->seen) return NULL;
    }
    return PyLong_FromLong(outcome);
}

/* A node as links._Node with the bottoms: (mask, pointer, reserve, found, links, bottoms). */
static PyObject *links_node_tuple(const LinksObject *g, const LinksNode *n) {
    PyObject *found = PyTuple_New(4), *links = PyTuple_New(g->k);
    if (!found || !links) goto fail;
    for (int s = 0; s < 4; s++) {
        PyObject *v = PyLong_FromLong(n->found[s]);
        if (!v) goto fail;
        PyTuple_SET_ITEM(found, s, v);
    }
    for (int c = 0; c < g->k; c++) {
        PyObject *v = PyLong_FromLong(n->links[c]);
        if (!v) goto fail;
        PyTuple_SET_ITEM(links, c, v);
    }
    return Py_BuildValue("(KiiNNK)", (unsigned long long)n->mask, n->pointer, n->reserve, found,
                         links, (unsigned long long)n->bottoms);
fail:
    Py_XDECREF(found);
    Py_XDECREF(links);
    return NULL;
}

/* line() -> the path from the root to the won node the last run reached (run returned 3). */
static PyObject *links_line(LinksObject *g, PyObject *unused) {
    if (!g->keep || !g->nframes || g->running) {
        PyErr_SetString(PyExc_RuntimeError, "links: no won node reached");
        return NULL;
    }
    PyObject *line = PyList_New((Py_ssize_t)g->nframes + 1);
    if (!line) return NULL;
    for (size_t i = 0; i <= g->nframes; i++) {
        PyObject *node = links_node_tuple(g, i < g->nframes ? &g->frames[i].node : &g->won);
        if (!node) {
            Py_DECREF(line);
            return NULL;
        }
        PyList_SET_ITEM(line, (Py_ssize_t)i, node);
    }
    return line;
}

/* layered(): P13's game, searched layer by layer (before the first run, bottoms kept). */
static PyObject *links_layered(LinksObject *g, PyObject *unused) {
    if (!g->seen || g->running || g->nodes != 1 || g->layered || !g->keep) {
        PyErr_SetString(PyExc_RuntimeError,
                        "links: layered() needs the bottoms and comes before the first run");
        return NULL;
    }
    LinksNode root;
    links_unkey(g, g->seen->arena + 1, &root);
    if (!root.reserve) root.bottoms = 0; /* P13 keeps none once the reserve is empty */
    TableObject *seen = table_new(), *next = table_new();
    uint8_t key[64];
    int len = links_key(g, &root, key), known;
    uint64_t h = hash_key(key, len);
    if (!seen || !next || table_put(seen, table_find(seen, h, key, len, &known), h, key, len) < 0) {
        Py_XDECREF(seen);
        Py_XDECREF(next);
        return PyErr_NoMemory();
    }
    Py_SETREF(g->seen, seen);
    g->next = next;
    free(g->frames); /* the depth-first path is not walked */
    free(g->kids);
    g->frames = NULL;
    g->kids = NULL;
    g->nframes = g->framecap = g->nkids = g->kidcap = 0;
    g->layer = links_layer(&root);
    g->cursor = 0;
    g->layered = 1;
    g->widest = 1;
    Py_RETURN_NONE;
}

static PyObject *links_get_layer(LinksObject *g, void *unused) { return PyLong_FromLong(g->layer); }

static PyObject *links_get_widest(LinksObject *g, void *unused) {
    return PyLong_FromLongLong(g->widest);
}

static PyObject *links_get_nodes(LinksObject *g, void *unused) {
    return PyLong_FromLongLong(g->nodes);
}

static PyObject *links_get_full(LinksObject *g, void *unused) {
    return PyBool_FromLong(g->full);
}

static PyMethodDef links_methods[] = {
    {"run", (PyCFunction)links_run, METH_VARARGS,
     "run(deadline, stop, clock): search until clock() > deadline or stop nodes in all."},
    {"line", (PyCFunction)links_line, METH_NOARGS,
     "line(): the nodes from the root to the won node the last run reached (bottoms kept)."},
    {"layered", (PyCFunction)links_layered, METH_NOARGS,
     "layered(): P13's game (the bottoms kept while the reserve holds cards), layer by layer."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef links_getset[] = {
    {"nodes", (getter)links_get_nodes, NULL, "Nodes searched so far.", NULL},
    {"full", (getter)links_get_full, NULL, "Whether its table filled and it stopped.", NULL},
    {"layer", (getter)links_get_layer, NULL, "The layered search's layer: stack cards left.", NULL},
    {"widest", (getter)links_get_widest, NULL, "The most nodes the layered search held.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject LinksType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "canfield.solver._core.Links",
    .tp_doc = "The links game's depth-first search, compiled (canfield.solver.links drives it).",
    .tp_basicsize = sizeof(LinksObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = links_new,
    .tp_init = (initproc)links_init,
    .tp_dealloc = (destructor)links_dealloc,
    .tp_methods = links_methods,
    .tp_getset = links_getset,
};

static PyObject *search_table(SearchObject *s, PyObject *unused) {
    if (!s->table) {
        s->table = table_new();
        if (!s->table) return NULL;
    }
    Py_INCREF(s->table);
    return (PyObject *)s->table;
}

static PyObject *search_get_nodes(SearchObject *s, void *unused) {
    return PyLong_FromLongLong(s->nodes);
}

static PyObject *search_get_verdict(SearchObject *s, void *unused) {
    return PyLong_FromLong(s->verdict);
}

static PyMethodDef search_methods[] = {
    {"run", (PyCFunction)search_run, METH_VARARGS,
     "run(deadline, stop, clock): search until clock() > deadline or stop positions in all."},
    {"expand", (PyCFunction)search_expand, METH_NOARGS,
     "The root's candidates in order, each (card, target, source, index, child position)."},
    {"exits", (PyCFunction)search_exits, METH_VARARGS,
     "exits(closure): the beam's walk of free moves from the root and the stack plays out of it."},
    {"moves", (PyCFunction)search_moves, METH_NOARGS, "The card moves of the win found."},
    {"cut", (PyCFunction)search_cut, METH_NOARGS,
     "The win's card moves without its detours (solver/shorten.py), or None."},
    {"table", (PyCFunction)search_table, METH_NOARGS, "Its transposition table."},
    {NULL, NULL, 0, NULL},
};

static PyObject *search_get_running(SearchObject *s, void *unused) {
    return PyBool_FromLong(s->running);
}

static PyGetSetDef search_getset[] = {
    {"running", (getter)search_get_running, NULL, "Whether run() is going on.", NULL},
    {"nodes", (getter)search_get_nodes, NULL, "Positions searched so far.", NULL},
    {"verdict", (getter)search_get_verdict, NULL, "0 unknown, 1 won, 2 lost.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "canfield.solver._core.Search",
    .tp_doc = "The compiled depth-first search (canfield.solver.search.Search drives it).",
    .tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = search_new,
    .tp_init = (initproc)search_init,
    .tp_dealloc = (destructor)search_dealloc,
    .tp_methods = search_methods,
    .tp_getset = search_getset,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "The solver's search loop, compiled.", -1, NULL,
};

/* module.NAME = the names of `fields`, a tuple of str. */
static int add_names(PyObject *m, const char *name, const Field *fields, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return -1;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyUnicode_FromString(fields[i].name);
        if (!v) {
            Py_DECREF(t);
            return -1;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    if (PyModule_AddObject(m, name, t) < 0) {
        Py_DECREF(t);
        return -1;
    }
    return 0;
}

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&SearchType) < 0 ||
        PyType_Ready(&LinksType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (!m) return NULL;
    Py_INCREF(&TableType);
    Py_INCREF(&SearchType);
    Py_INCREF(&LinksType);
    if (PyModule_AddObject(m, "Table", (PyObject *)&TableType) < 0 ||
        PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0 ||
        PyModule_AddObject(m, "Links", (PyObject *)&LinksType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "KEY_BYTES_MAX", KEYMAX) < 0 ||
        PyModule_AddIntConstant(m, "CUT_SHORT", CUT_SHORT) < 0 ||
        PyModule_AddIntConstant(m, "CUT_PAIR_WALKS", CUT_PAIR_WALKS) < 0 ||
        PyModule_AddIntConstant(m, "FROM_TALON", FROM_TALON) < 0 ||
        PyModule_AddIntConstant(m, "FROM_RESERVE", FROM_RESERVE) < 0 ||
        PyModule_AddIntConstant(m, "FROM_FOUNDATION", FROM_FOUNDATION) < 0 ||
        PyModule_AddIntConstant(m, "FROM_SWAP", FROM_SWAP) < 0 ||
        PyModule_AddIntConstant(m, "AFTER_RECYCLE", AFTER_RECYCLE) < 0 ||
        add_names(m, "RULE_INTS", RULE_INTS, NRULE_INTS) < 0 ||
        add_names(m, "OPTION_FLAGS", OPTION_FLAGS, NOPTION_FLAGS) < 0 ||
        add_names(m, "OPTION_INTS", OPTION_INTS, NOPTION_INTS) < 0 ||
        PyModule_AddIntConstant(m, "PLACED", PLACED) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
