/* The inner loop of the fast Tarot search (cardgames.tarot.search.TarotSearch) in C.
 *
 * This is the same search as the Python methods TarotSearch._run, _trick_start, _new_entry and
 * _node with the functions they call (cardgames/tarot/search_order.py, search_bounds.py,
 * search_numbering.py and the scoring of search_model.py), written over fixed-size integers:
 * a hand in the searcher's numbering of the cards (at most 78 cards) is an unsigned 128-bit
 * int. It visits the same nodes in the same order, keeps the same two tables of bounds with
 * the same ageing (cardgames.search.engine.BoundsTable) and the same cache of ordered moves
 * with its killer moves, so that it answers every probe with the same value after the same
 * number of nodes. tests/test_backends.py checks that, node for node, against the Python
 * search; the Python search stays the reference and the fallback where this module is not
 * built. Comments here say where each part comes from; the reasoning behind the bounds and
 * the move order is in the Python modules.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef unsigned __int128 u128;

#define MAXP 6
#define MAXBITS 78
#define MAXMOVES 32
#define NO_CARD (-2)
#define NO_MIN 31
#define INF (1 << 30)

/* search_model flags */
#define TRUMPS_PLAYED 1
#define EX_SHIFT 1
#define EX_UNPLAYED 0
#define EX_PENDING 1
#define EX_SETTLED 2
#define W_MAX (1 << 3)
#define E_WON (1 << 4)
#define O_WON (1 << 5)
#define MIN_SHIFT 6
#define EX_FIELD (3 << EX_SHIFT)
#define LOW_FLAGS ((1 << MIN_SHIFT) - 1)
#define TRUMP_SUIT 4
#define MOVE_KEY_INDEX 7
#define MOVE_KEY_OWN 10

static inline int bitlen(u128 x) {
    uint64_t hi = (uint64_t)(x >> 64), lo = (uint64_t)x;
    if (hi) return 128 - __builtin_clzll(hi);
    if (lo) return 64 - __builtin_clzll(lo);
    return 0;
}
static inline int popc(u128 x) {
    return __builtin_popcountll((uint64_t)x) + __builtin_popcountll((uint64_t)(x >> 64));
}
static inline int lowbit_index(u128 x) {
    uint64_t lo = (uint64_t)x;
    if (lo) return __builtin_ctzll(lo);
    return 64 + __builtin_ctzll((uint64_t)(x >> 64));
}
static inline u128 one(int bit) { return (u128)1 << bit; }
/* (2 << win) - 1: the bits up to win */
static inline u128 upto(int bit) { return bit >= 127 ? ~(u128)0 : ((u128)2 << bit) - 1; }

/* ------------------------------------------------------------------------------------------
 * Tables of bounds: entries [low, high, lead] shared by the two tables, each table a
 * BoundsTable (two generations of at most `capacity` keys each).
 */

typedef struct {
    int32_t *low, *high, *lead;
    uint32_t *refs;
    int32_t *free_list;
    size_t count, cap, free_count, free_cap;
} Entries;

static int entries_new(Entries *e) {
    int32_t index;
    if (e->free_count) {
        index = e->free_list[--e->free_count];
    } else {
        if (e->count == e->cap) {
            size_t cap = e->cap ? e->cap * 2 : 1024;
            int32_t *low = realloc(e->low, cap * sizeof(int32_t));
            if (!low) return -1;
            e->low = low;
            int32_t *high = realloc(e->high, cap * sizeof(int32_t));
            if (!high) return -1;
            e->high = high;
            int32_t *lead = realloc(e->lead, cap * sizeof(int32_t));
            if (!lead) return -1;
            e->lead = lead;
            uint32_t *refs = realloc(e->refs, cap * sizeof(uint32_t));
            if (!refs) return -1;
            e->refs = refs;
            e->cap = cap;
        }
        index = (int32_t)e->count++;
    }
    e->refs[index] = 0;
    return index;
}

static int entries_decref(Entries *e, int32_t index) {
    if (--e->refs[index] == 0) {
        if (e->free_count == e->free_cap) {
            size_t cap = e->free_cap ? e->free_cap * 2 : 1024;
            int32_t *list = realloc(e->free_list, cap * sizeof(int32_t));
            if (!list) return -1;
            e->free_list = list;
            e->free_cap = cap;
        }
        e->free_list[e->free_count++] = index;
    }
    return 0;
}

static void entries_free(Entries *e) {
    free(e->low); free(e->high); free(e->lead); free(e->refs); free(e->free_list);
    memset(e, 0, sizeof(*e));
}

#define EMPTY (-1)
#define GONE (-2)

typedef struct {
    uint64_t hash;
    int32_t entry; /* EMPTY, GONE or an entry */
    uint32_t keypos;
} Slot;

typedef struct {
    Slot *slots;
    size_t mask;  /* slots - 1 (a power of two minus one), 0 when no slots */
    size_t used;  /* live and gone slots */
    size_t count; /* live slots */
    u128 *keys;
    size_t keys_len, keys_cap;
} Gen;

typedef struct {
    Gen cur, old;
    size_t capacity;
    int words, stride;
    long generations;
} Table;

static uint64_t mix64(uint64_t x) {
    x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27; x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static uint64_t hash_key(const u128 *key, int words) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < words; i++) {
        h = (h ^ (uint64_t)key[i]) * 0xff51afd7ed558ccdULL;
        h = (h ^ (uint64_t)(key[i] >> 64) ^ (h >> 32)) * 0xc4ceb9fe1a85ec53ULL;
    }
    return mix64(h);
}

static inline int same_key(const u128 *a, const u128 *b, int words) {
    for (int i = 0; i < words; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* Keys are the hands, each `stride` bits wide, then the leader and flags (16 bits), packed
 * end to end into as few 128-bit words as they need. */
#define MAXW 7

static inline void put_bits(u128 *out, int offset, u128 value, int width) {
    int word = offset >> 7, shift = offset & 127;
    out[word] |= value << shift;
    if (shift && shift + width > 128) out[word + 1] |= value >> (128 - shift);
}

static inline u128 get_bits(const u128 *in, int offset, int width) {
    int word = offset >> 7, shift = offset & 127;
    u128 value = in[word] >> shift;
    if (shift && shift + width > 128) value |= in[word + 1] << (128 - shift);
    return width >= 128 ? value : value & ((one(width)) - 1);
}

static void pack(const u128 *hands, int n, int stride, int last, u128 *out, int words) {
    for (int w = 0; w < words; w++) out[w] = 0;
    for (int seat = 0; seat < n; seat++) put_bits(out, seat * stride, hands[seat], stride);
    put_bits(out, n * stride, (u128)(unsigned)last, 16);
}

static int key_words(int n, int stride) { return (n * stride + 16 + 127) / 128; }

static void gen_free(Gen *g) {
    free(g->slots); free(g->keys);
    memset(g, 0, sizeof(*g));
}

static int gen_resize(Gen *g, size_t slots) {
    Slot *fresh = malloc(slots * sizeof(Slot));
    if (!fresh) return -1;
    for (size_t i = 0; i < slots; i++) fresh[i].entry = EMPTY;
    size_t mask = slots - 1;
    if (g->slots) {
        for (size_t i = 0; i <= g->mask; i++) {
            Slot *s = &g->slots[i];
            if (s->entry < 0) continue;
            size_t j = s->hash & mask;
            while (fresh[j].entry != EMPTY) j = (j + 1) & mask;
            fresh[j] = *s;
        }
        free(g->slots);
    }
    g->slots = fresh;
    g->mask = mask;
    g->used = g->count;
    return 0;
}

static Slot *gen_find(Gen *g, const u128 *key, int words, uint64_t h) {
    if (!g->slots) return NULL;
    size_t j = h & g->mask;
    for (;;) {
        Slot *s = &g->slots[j];
        if (s->entry == EMPTY) return NULL;
        if (s->entry >= 0 && s->hash == h && same_key(&g->keys[s->keypos], key, words))
            return s;
        j = (j + 1) & g->mask;
    }
}

static int gen_insert(Gen *g, const u128 *key, int words, uint64_t h, int32_t entry) {
    if (!g->slots || 2 * (g->used + 1) > g->mask + 1) {
        if (gen_resize(g, g->slots ? (g->mask + 1) * 2 : 1024) < 0) return -1;
    }
    if (g->keys_len + (size_t)words > g->keys_cap) {
        size_t cap = g->keys_cap ? g->keys_cap * 2 : 4096;
        while (cap < g->keys_len + (size_t)words) cap *= 2;
        u128 *keys = realloc(g->keys, cap * sizeof(u128));
        if (!keys) return -1;
        g->keys = keys;
        g->keys_cap = cap;
    }
    uint32_t pos = (uint32_t)g->keys_len;
    memcpy(&g->keys[pos], key, (size_t)words * sizeof(u128));
    g->keys_len += (size_t)words;
    size_t j = h & g->mask;
    while (g->slots[j].entry >= 0) j = (j + 1) & g->mask;
    if (g->slots[j].entry == EMPTY) g->used++;
    g->slots[j].hash = h;
    g->slots[j].entry = entry;
    g->slots[j].keypos = pos;
    g->count++;
    return 0;
}

static int table_drop_gen(Gen *g, Entries *e) {
    if (g->slots) {
        for (size_t i = 0; i <= g->mask; i++)
            if (g->slots[i].entry >= 0 && entries_decref(e, g->slots[i].entry) < 0) return -1;
    }
    gen_free(g);
    return 0;
}

/* BoundsTable.put: the entry gains a reference from the table. */
static int table_put(Table *t, Entries *e, const u128 *key, uint64_t h, int32_t entry,
                     int counted) {
    if (gen_insert(&t->cur, key, t->words, h, entry) < 0) return -1;
    if (!counted) e->refs[entry]++;
    if (t->cur.count >= t->capacity) {
        if (table_drop_gen(&t->old, e) < 0) return -1;
        t->old = t->cur;
        memset(&t->cur, 0, sizeof(t->cur));
        t->generations++;
    }
    return 0;
}

/* BoundsTable.get: EMPTY when absent; an entry found in the old generation moves back. */
static int32_t table_get(Table *t, Entries *e, const u128 *key, uint64_t *hash, int *error) {
    uint64_t h = *hash = hash_key(key, t->words);
    Slot *s = gen_find(&t->cur, key, t->words, h);
    if (s) return s->entry;
    if (t->old.count) {
        s = gen_find(&t->old, key, t->words, h);
        if (s) {
            int32_t entry = s->entry;
            s->entry = GONE;
            t->old.count--;
            if (table_put(t, e, key, h, entry, 1) < 0) *error = 1;
            return entry;
        }
    }
    return EMPTY;
}

static void table_free(Table *t) {
    gen_free(&t->cur);
    gen_free(&t->old);
}

/* ------------------------------------------------------------------------------------------
 * The cache of ordered candidate moves (search_order.candidates / promote).
 */

typedef struct {
    u128 key;
    uint8_t used, length;
    uint8_t moves[MAXMOVES];
} MoveSlot;

typedef struct {
    MoveSlot *slots;
    size_t mask, count;
} MoveCache;

static uint64_t hash_move_key(u128 key) {
    return mix64((uint64_t)key ^ mix64((uint64_t)(key >> 64)));
}

static MoveSlot *moves_find(MoveCache *c, u128 key, int create) {
    if (!c->slots || (create && 2 * (c->count + 1) > c->mask + 1)) {
        if (!create && !c->slots) return NULL;
        size_t slots = c->slots ? (c->mask + 1) * 2 : 1024;
        MoveSlot *fresh = calloc(slots, sizeof(MoveSlot));
        if (!fresh) return NULL;
        if (c->slots) {
            for (size_t i = 0; i <= c->mask; i++) {
                if (!c->slots[i].used) continue;
                size_t j = hash_move_key(c->slots[i].key) & (slots - 1);
                while (fresh[j].used) j = (j + 1) & (slots - 1);
                fresh[j] = c->slots[i];
            }
            free(c->slots);
        }
        c->slots = fresh;
        c->mask = slots - 1;
    }
    size_t j = hash_move_key(key) & c->mask;
    for (;;) {
        MoveSlot *s = &c->slots[j];
        if (!s->used) {
            if (!create) return NULL;
            s->used = 1;
            s->key = key;
            s->length = 0;
            c->count++;
            return s;
        }
        if (s->key == key) return s;
        j = (j + 1) & c->mask;
    }
}

static void moves_clear(MoveCache *c) {
    free(c->slots);
    c->slots = NULL;
    c->mask = c->count = 0;
}

/* ------------------------------------------------------------------------------------------
 * The searcher.
 */

typedef struct {
    PyObject_HEAD
    /* rules (TarotModel) */
    int n;
    int next[MAXP];
    int maximiser[MAXP];
    int teams[MAXP];
    int restricted, overtrump, exchange, excuse_slam;
    int bonus, excuse_weight, world_weight, cheapest;
    int shortcuts;
    int max_seats[MAXP], max_count;
    /* numbering (Numbering) */
    int bits;
    int weight[MAXBITS], suit_of[MAXBITS], to_internal[MAXBITS];
    int to_compact[MAXBITS];
    u128 suit_masks[5], trumps, suited, excuse, magician, world, blank;
    int trump_base, excuse_bit, magician_bit, world_bit;
    int classes;
    int class_weight[8];
    u128 class_mask[8];
    int block_start[5];
    u128 block_mask[5];
    u128 own_side_bit;
    /* tables */
    Entries entries;
    Table table, canonical;
    MoveCache moves;
    /* the probe under way */
    u128 hands[MAXP];
    int holder, holder_team, slam_watch;
    long long nodes, limit;
    int timed;
    double stop_at;
    int cut;
    PyObject *limit_error; /* cardgames.search.engine.LimitReached */
    int failed;            /* a C-level failure (out of memory) to report */
} Core;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* search_model.close_trick */
static int close_trick(Core *c, int flags, int holder, int winner, int exc, int least, int last,
                       int *gained) {
    *gained = 0;
    int winner_max = c->maximiser[winner];
    if (exc >= 0) {
        flags &= ~O_WON;
        if (last && c->exchange) {
            *gained += winner_max ? c->excuse_weight : 0;
            flags = (flags & ~EX_FIELD) | EX_SETTLED << EX_SHIFT;
        } else {
            flags = (flags & ~(EX_FIELD | W_MAX)) | EX_PENDING << EX_SHIFT;
            if (winner_max) flags |= W_MAX;
        }
    } else if (c->excuse_slam && holder >= 0 && c->teams[winner] != c->teams[holder] &&
               ((flags >> EX_SHIFT) & 3) == EX_UNPLAYED) {
        flags |= O_WON;
    }
    if (holder >= 0 && c->teams[winner] == c->teams[holder]) {
        flags |= E_WON;
        if (c->exchange && least < (flags >> MIN_SHIFT))
            flags = (flags & LOW_FLAGS) | least << MIN_SHIFT;
    }
    return flags;
}

/* TarotModel.settle */
static int settle(Core *c, int flags, int holder) {
    if (((flags >> EX_SHIFT) & 3) != EX_PENDING) return 0;
    int holder_max = c->maximiser[holder];
    int winner_max = (flags & W_MAX) != 0;
    if (!(flags & E_WON)) return winner_max ? c->excuse_weight : 0;
    int gained = holder_max ? c->excuse_weight : 0;
    if (c->exchange && winner_max != holder_max) {
        int low = flags >> MIN_SHIFT;
        gained += holder_max ? -low : low;
    }
    return gained;
}

static int slam_excuse(Core *c, int flags, int leader, int exc) {
    return c->excuse_slam && exc >= 0 && exc == leader && !(flags & O_WON);
}

/* search_model.score_trick */
static int score_trick(Core *c, int *flags, int winner, int exc, int least, int points,
                       int magician_wins, int left, int leader, int *gained) {
    if (left == 1 && exc == leader && slam_excuse(c, *flags, leader, exc)) {
        winner = exc;
        magician_wins = 0;
    }
    if (exc < 0 && c->teams[winner] != c->holder_team) {
        *gained = 0;
        if (c->slam_watch && !(*flags & O_WON) && ((*flags >> EX_SHIFT) & 3) == EX_UNPLAYED)
            *flags |= O_WON;
    } else {
        *flags = close_trick(c, *flags, c->holder, winner, exc, least, left == 1, gained);
    }
    if (c->maximiser[winner]) {
        *gained += points;
        if (left == 1 && magician_wins) *gained += c->bonus;
    }
    return winner;
}

/* search_bounds.last_trick, in the searcher's numbering */
static int last_trick(Core *c, int leader, int flags) {
    int led = -1, win = -1, win_player = -1, exc = -1, points = 0, least = NO_MIN;
    int player = leader;
    for (int i = 0; i < c->n; i++) {
        int bit = bitlen(c->hands[player]) - 1;
        if (bit == c->excuse_bit) {
            exc = player;
        } else {
            int w = c->weight[bit];
            points += w;
            if (w < least) least = w;
            int suit = c->suit_of[bit];
            if (led < 0) {
                led = suit; win = bit; win_player = player;
            } else if ((suit == led || suit == TRUMP_SUIT) && bit > win) {
                win = bit; win_player = player;
            }
        }
        player = c->next[player];
    }
    if (c->excuse_slam && slam_excuse(c, flags, leader, exc)) {
        win = c->excuse_bit; win_player = exc;
    }
    int gained;
    flags = close_trick(c, flags, c->holder, win_player, exc, least, 1, &gained);
    if (c->maximiser[win_player]) gained += points + (win == c->magician_bit ? c->bonus : 0);
    return gained + settle(c, flags, c->holder);
}

/* search_order.dead_suits */
static u128 dead_suits(Core *c, u128 remaining) {
    u128 dead = 0;
    for (int s = 0; s < 4; s++) {
        u128 in_suit = remaining & c->suit_masks[s];
        if (!in_suit) continue;
        for (int seat = 0; seat < c->n; seat++) {
            u128 part = c->hands[seat] & in_suit;
            if (part) {
                if (part == in_suit) dead |= c->suit_masks[s];
                break;
            }
        }
    }
    return dead;
}

/* search_order.reduce_hands */
static void reduce_hands(Core *c, u128 remaining, u128 dead, u128 *reduced) {
    for (int seat = 0; seat < c->n; seat++) {
        u128 hand = c->hands[seat];
        if (c->shortcuts) {
            u128 spare = hand & dead;
            if (spare & (spare - 1)) {
                for (int k = 0; k < c->classes; k++) {
                    u128 alike = spare & c->class_mask[k];
                    if (alike & (alike - 1)) hand ^= alike ^ (alike & -alike);
                }
            }
            u128 blanks = hand & c->blank;
            if (blanks & (blanks - 1)) {
                int previous = -1;
                while (blanks) {
                    u128 low = blanks & -blanks;
                    int bit = lowbit_index(low);
                    if (previous >= 0 && c->suit_of[bit] == c->suit_of[previous] &&
                        !(remaining & (low - ((u128)2 << previous))))
                        hand ^= low;
                    previous = bit;
                    blanks ^= low;
                }
            }
        }
        reduced[seat] = hand;
    }
}

static int ascending(u128 mask, uint8_t *out, int at) {
    while (mask) {
        int bit = lowbit_index(mask);
        out[at++] = (uint8_t)bit;
        mask &= mask - 1;
    }
    return at;
}

static int descending(u128 mask, uint8_t *out, int at) {
    while (mask) {
        int bit = bitlen(mask) - 1;
        out[at++] = (uint8_t)bit;
        mask ^= one(bit);
    }
    return at;
}

/* search_order.ordered */
static int ordered(Core *c, u128 legal, int led, int win, int own_side, int first,
                   uint8_t *moves) {
    int at = 0;
    if (first >= 0 && ((legal >> first) & 1)) {
        moves[at++] = (uint8_t)first;
        legal ^= one(first);
    }
    if (win < 0) return ascending(legal, moves, at);
    u128 winners;
    if (win >= c->trump_base)
        winners = legal & c->trumps & ~upto(win);
    else
        winners = (legal & c->suit_masks[led] & ~upto(win)) | (legal & c->trumps);
    u128 losers = legal ^ winners;
    if (own_side) {
        for (int k = c->classes - 1; k >= 0; k--) at = descending(losers & c->class_mask[k], moves, at);
        if (losers & c->excuse) moves[at++] = (uint8_t)c->excuse_bit;
        return ascending(winners, moves, at);
    }
    at = ascending(winners, moves, at);
    for (int k = 0; k < c->classes; k++) at = ascending(losers & c->class_mask[k], moves, at);
    if (losers & c->excuse) moves[at++] = (uint8_t)c->excuse_bit;
    return at;
}

/* search_order.candidates: the moves (copied to `moves`), their number, and the cache key
 * (*cached 0: not cached). */
static int candidates(Core *c, u128 hand, int led, int win, int flags, int own_side, int index,
                      int first, uint8_t *moves, u128 *cache_key, int *cached) {
    u128 legal;
    *cached = 0;
    if (led < 0) {
        if (c->restricted && !(flags & TRUMPS_PLAYED) && (hand & c->suited))
            legal = hand & ~c->trumps;
        else
            legal = hand;
    } else {
        legal = hand & c->suit_masks[led];
        if (legal) {
            if (led == TRUMP_SUIT && c->overtrump) {
                u128 higher = legal & ~upto(win);
                if (higher) legal = higher;
            }
            legal |= hand & c->excuse;
        } else {
            legal = hand & c->trumps;
            if (legal) {
                if (c->overtrump && win >= c->trump_base) {
                    u128 higher = legal & ~upto(win);
                    if (higher) legal = higher;
                }
                legal |= hand & c->excuse;
            } else {
                legal = hand;
            }
        }
    }
    if ((legal & (legal - 1)) == 0) {
        /* the shared list of a forced card: singles[legal.bit_length() - 1] */
        int bit = bitlen(legal) - 1;
        if (bit < 0) bit = c->bits - 1;
        moves[0] = (uint8_t)bit;
        return 1;
    }
    if (first >= 0) return ordered(c, legal, led, win, own_side, first, moves);
    u128 key = legal | ((u128)(unsigned)((win + 1) | index << MOVE_KEY_INDEX)) << c->bits;
    if (own_side) key |= c->own_side_bit;
    MoveSlot *slot = moves_find(&c->moves, key, 1);
    if (!slot) {
        c->failed = 1;
        return 0;
    }
    if (slot->length == 0) slot->length = (uint8_t)ordered(c, legal, led, win, own_side, -1, slot->moves);
    memcpy(moves, slot->moves, slot->length);
    *cache_key = key;
    *cached = 1;
    return slot->length;
}

/* search_numbering.canonical_key (with search_numbering.squeeze_run) */
static u128 squeeze(u128 bits, u128 within) {
    u128 out = 0;
    int rank = 0;
    while (within) {
        u128 low = within & -within;
        within ^= low;
        if (bits & low) out |= one(rank);
        rank++;
    }
    return out;
}

static void canonical_key(Core *c, u128 remaining, u128 dead, int leader_flags, u128 *packed) {
    int n = c->n;
    u128 key[MAXP];
    for (int seat = 0; seat < n; seat++) key[seat] = c->hands[seat];
    if (c->shortcuts) {
        for (int b = 0; b < 5; b++) {
            u128 block = c->block_mask[b];
            int base = c->block_start[b];
            u128 in_play = (remaining >> base) & block;
            u128 gaps = ~in_play & (one(bitlen(in_play)) - 1);
            if (!gaps) continue;
            u128 run = block << base;
            u128 lowest_gap = gaps & -gaps;
            for (int seat = 0; seat < n; seat++) {
                u128 part = (c->hands[seat] >> base) & block;
                if (part > lowest_gap)
                    key[seat] = (key[seat] & ~run) | squeeze(part, in_play) << base;
            }
        }
    }
    if (dead) {
        for (int seat = 0; seat < n; seat++) {
            u128 spare = c->hands[seat] & dead;
            if (spare) {
                u128 code = 0;
                for (int k = 0; k < c->classes; k++)
                    code = code << 6 | (u128)popc(spare & c->class_mask[k]);
                key[seat] = (key[seat] & ~dead) | code << c->bits;
            }
        }
    }
    pack(key, n, c->canonical.stride, leader_flags, packed, c->canonical.words);
}

/* search_bounds.excuse_bounds */
static void excuse_bounds(Core *c, int flags, int *low, int *high, int *alone) {
    int holder = c->holder;
    int state = (flags >> EX_SHIFT) & 3;
    *low = *high = *alone = 0;
    if (holder < 0 || state == EX_SETTLED) return;
    int weight = c->excuse_weight;
    int holder_max = c->maximiser[holder];
    int won = flags & E_WON;
    int kept = c->exchange ? weight - (flags >> MIN_SHIFT) : weight;
    int most_kept = c->exchange ? weight - c->cheapest : weight;
    if (state == EX_UNPLAYED) {
        *high = weight;
        *alone = (holder_max && won) ? kept : 0;
        return;
    }
    int winner_max = flags & W_MAX;
    if (holder_max) {
        if (winner_max) {
            *low = *high = weight;
            return;
        }
        *low = won ? kept : 0;
        *high = most_kept;
        return;
    }
    if (!winner_max) return;
    int given_least = c->exchange ? c->cheapest : 0;
    *low = given_least;
    *high = won ? weight - kept : weight;
}

/* search_bounds.count_free_trumps */
static void count_free_trumps(u128 trumps, u128 max_cards, int max_count, int min_count,
                              int *max_free, int *min_free) {
    int max_spare = 0, min_spare = 0;
    *max_free = *min_free = 0;
    while (trumps) {
        int bit = bitlen(trumps) - 1;
        trumps ^= one(bit);
        if ((max_cards >> bit) & 1) {
            if (min_spare) min_spare--; else (*max_free)++;
            max_spare += min_count;
        } else {
            if (max_spare) max_spare--; else (*min_free)++;
            min_spare += max_count;
        }
    }
}

/* the least of the cheapest `needed` cards of hand */
static int cheapest_cards(Core *c, u128 hand, int needed) {
    int total = 0;
    for (int k = 0; k < c->classes; k++) {
        if (needed <= 0) break;
        int have = popc(hand & c->class_mask[k]);
        if (have > needed) have = needed;
        total += have * c->class_weight[k];
        needed -= have;
    }
    return total;
}

/* search_bounds.sure_floor */
static int sure_floor(Core *c, int tricks, int for_max) {
    int total = 0;
    for (int seat = 0; seat < c->n; seat++) {
        u128 hand = c->hands[seat];
        int needed = (hand & c->excuse) ? tricks - 1 : tricks;
        if (c->maximiser[seat] == for_max) {
            total += needed;
            continue;
        }
        total += cheapest_cards(c, hand, needed);
    }
    return total;
}

/* search_bounds.cash */
static int cash(Core *c, int leader, int flags) {
    u128 hand = c->hands[leader], against = 0;
    u128 trumpers[MAXP];
    int trumper_count = 0;
    for (int seat = 0; seat < c->n; seat++) {
        if (seat == leader) continue;
        against |= c->hands[seat];
        if (c->hands[seat] & c->trumps) trumpers[trumper_count++] = c->hands[seat];
    }
    int tricks = 0, points = 0;
    for (int suit = 0; suit < 5; suit++) {
        u128 mask = c->suit_masks[suit];
        u128 mine = hand & mask;
        if (!mine) continue;
        if (suit == TRUMP_SUIT && c->restricted && !(flags & TRUMPS_PLAYED) && (hand & c->suited))
            continue;
        u128 theirs = against & mask;
        u128 winners = mine & ~(one(bitlen(theirs)) - 1);
        int count = popc(winners);
        if (suit != TRUMP_SUIT) {
            for (int k = 0; k < trumper_count; k++) {
                int held = popc(trumpers[k] & mask);
                if (held < count) count = held;
            }
        }
        tricks += count;
        while (count) {
            int bit = bitlen(winners) - 1;
            points += c->weight[bit];
            winners ^= one(bit);
            count--;
        }
    }
    if (!tricks) return 0;
    for (int seat = 0; seat < c->n; seat++) {
        if (seat == leader) continue;
        u128 other = c->hands[seat];
        int needed = (other & c->excuse) ? tricks - 1 : tricks;
        points += cheapest_cards(c, other, needed);
    }
    return points;
}

/* search_bounds.trick_start_bounds */
static void trick_start_bounds(Core *c, int leader, int flags, u128 remaining, int *out_low,
                               int *out_high) {
    int in_play = 0;
    for (int k = 0; k < c->classes; k++) in_play += c->class_weight[k] * popc(remaining & c->class_mask[k]);
    int excuse_low, excuse_high, excuse_alone;
    excuse_bounds(c, flags, &excuse_low, &excuse_high, &excuse_alone);
    int high = in_play + excuse_high;
    if (remaining & c->magician) high += c->bonus;
    int everything = high;
    int low = 0;
    u128 trumps = remaining & c->trumps;
    if (!c->shortcuts ||
        (c->slam_watch && ((flags >> EX_SHIFT) & 3) == EX_UNPLAYED && !(flags & O_WON)))
        trumps = 0;
    if (trumps) {
        int max_count = c->max_count, min_count = c->n - c->max_count;
        u128 max_cards = 0;
        for (int k = 0; k < max_count; k++) max_cards |= c->hands[c->max_seats[k]];
        int top = bitlen(trumps) - 1;
        int max_free, min_free;
        count_free_trumps(trumps, max_cards, max_count, min_count, &max_free, &min_free);
        int world_extra = top == c->world_bit ? c->world_weight - 1 : 0;
        if (max_free) {
            int tricks = (max_free + max_count - 1) / max_count;
            low = sure_floor(c, tricks, 1);
            if (max_cards & c->world) low += world_extra;
        }
        if (min_free) {
            int tricks = (min_free + min_count - 1) / min_count;
            high -= sure_floor(c, tricks, 0);
            if (!(max_cards & c->world)) high -= world_extra;
        }
    }
    int cashed = c->shortcuts ? cash(c, leader, flags) : 0;
    if (cashed) {
        if (c->maximiser[leader]) {
            if (cashed > low) low = cashed;
        } else if (everything - cashed < high) {
            high = everything - cashed;
        }
    }
    low += excuse_low;
    if (excuse_alone > low) low = excuse_alone;
    *out_low = low;
    *out_high = high;
}

static inline int limit_check(Core *c) {
    if (c->nodes >= c->limit || (c->timed && now() > c->stop_at)) {
        PyErr_SetNone(c->limit_error);
        return -1;
    }
    c->nodes++;
    /* A long search still hears Ctrl-C (Python checks between its own steps). */
    if ((c->nodes & 0xffff) == 0 && PyErr_CheckSignals() < 0) return -1;
    return 0;
}

#define FAIL (INT32_MIN)

static int node(Core *c, int player, int index, int led, int win, int win_player, int points,
                int exc, int least, const u128 *reduced, int flags, int left, int target,
                int first);

static void exact_key(Core *c, int leader_flags, u128 *key) {
    pack(c->hands, c->n, c->table.stride, leader_flags, key, c->table.words);
}

/* TarotSearch._trick_start (with _new_entry): entry is EMPTY or the entry found under key. */
static int trick_start(Core *c, int leader, int left, int flags, int target, const u128 *key,
                       uint64_t key_hash, int32_t entry) {
    if (limit_check(c) < 0) return FAIL;
    u128 remaining = 0;
    for (int seat = 0; seat < c->n; seat++) remaining |= c->hands[seat];
    u128 dead = c->shortcuts ? dead_suits(c, remaining) : 0;
    Entries *e = &c->entries;
    int error = 0;
    if (entry == EMPTY) {
        u128 canonical[MAXW];
        uint64_t canonical_hash;
        canonical_key(c, remaining, dead, leader | flags << 3, canonical);
        entry = table_get(&c->canonical, e, canonical, &canonical_hash, &error);
        if (error) goto oom;
        if (entry != EMPTY) {
            if (table_put(&c->table, e, key, key_hash, entry, 0) < 0) goto oom;
        } else {
            int low, high;
            trick_start_bounds(c, leader, flags, remaining, &low, &high);
            entry = entries_new(e);
            if (entry < 0) goto oom;
            e->low[entry] = low;
            e->high[entry] = high;
            e->lead[entry] = -1;
            if (table_put(&c->canonical, e, canonical, canonical_hash, entry, 0) < 0) goto oom;
            if (table_put(&c->table, e, key, key_hash, entry, 0) < 0) goto oom;
        }
    }
    if (e->low[entry] >= target) return e->low[entry];
    if (e->high[entry] < target) return e->high[entry];
    int first = e->lead[entry];
    u128 reduced[MAXP];
    reduce_hands(c, remaining, dead, reduced);
    e->refs[entry]++; /* held while searching: the tables may age it out meanwhile */
    int result = node(c, leader, 0, -1, -1, -1, 0, -1, NO_MIN, reduced, flags, left, target,
                      first >= 0 ? c->to_compact[first] : -1);
    if (result != FAIL) {
        if (result >= target) e->low[entry] = result; else e->high[entry] = result;
        e->lead[entry] = c->cut >= 0 ? c->to_internal[c->cut] : -1;
    }
    if (entries_decref(e, entry) < 0) goto oom;
    return result;
oom:
    if (!PyErr_Occurred()) PyErr_NoMemory();
    return FAIL;
}

typedef struct {
    int bit, gained, player, flags;
    int32_t entry;
    uint64_t hash;
    u128 key[MAXW];
} Deferred;

/* TarotSearch._node */
static int node(Core *c, int player, int index, int led, int win, int win_player, int points,
                int exc, int least, const u128 *reduced, int flags, int left, int target,
                int first) {
    if (index && limit_check(c) < 0) return FAIL;
    u128 real_hand = c->hands[player];
    int is_max = c->maximiser[player];
    int last_card = index == c->n - 1;
    int own_side = c->maximiser[win_player < 0 ? win_player + c->n : win_player] == is_max;
    uint8_t moves[MAXMOVES];
    u128 move_key = 0;
    int cached;
    int count = candidates(c, reduced[player], led, win, flags, own_side, index, first, moves,
                           &move_key, &cached);
    if (c->failed) {
        PyErr_NoMemory();
        return FAIL;
    }
    int best = is_max ? -INF : INF;
    int best_bit = -1;
    int following = c->next[player];
    Deferred deferred[MAXMOVES];
    int deferred_count = 0;
    int decided = 0;
    int result = 0;
    Entries *e = &c->entries;
    for (int m = 0; m < count; m++) {
        int bit = moves[m];
        int new_led = led, new_win = win, new_player = win_player, new_points = points;
        int new_exc = exc, new_least = least, new_flags = flags;
        if (bit == c->excuse_bit) {
            new_exc = player;
        } else {
            int w = c->weight[bit];
            if (w < least) new_least = w;
            int suit = c->suit_of[bit];
            if (suit == TRUMP_SUIT) new_flags = flags | TRUMPS_PLAYED;
            new_points = points + w;
            if (led < 0) {
                new_led = suit; new_win = bit; new_player = player;
            } else if ((suit == led || suit == TRUMP_SUIT) && bit > win) {
                new_win = bit; new_player = player;
            }
        }
        c->hands[player] = real_hand ^ one(bit);
        if (!last_card) {
            result = node(c, following, index + 1, new_led, new_win, new_player, new_points,
                          new_exc, new_least, reduced, new_flags, left, target, -1);
            if (result == FAIL) goto fail;
        } else {
            int gained;
            new_player = score_trick(c, &new_flags, new_player, new_exc, new_least, new_points,
                                     new_win == c->magician_bit, left, following, &gained);
            if (left == 1) {
                result = gained + settle(c, new_flags, c->holder);
            } else if (left == 2) {
                result = gained + last_trick(c, new_player, new_flags);
            } else {
                int needed = target - gained;
                Deferred *d = &deferred[deferred_count];
                exact_key(c, new_player | new_flags << 3, d->key);
                int error = 0;
                int32_t entry = table_get(&c->table, e, d->key, &d->hash, &error);
                if (error) {
                    PyErr_NoMemory();
                    goto fail;
                }
                if (entry != EMPTY && e->low[entry] >= needed) {
                    result = gained + e->low[entry];
                } else if (entry != EMPTY && e->high[entry] < needed) {
                    result = gained + e->high[entry];
                } else {
                    d->bit = bit; d->gained = gained; d->player = new_player;
                    d->flags = new_flags; d->entry = entry;
                    if (entry != EMPTY) e->refs[entry]++; /* held by the list */
                    deferred_count++;
                    c->hands[player] = real_hand;
                    continue;
                }
            }
        }
        c->hands[player] = real_hand;
        if (is_max) {
            if (result > best) {
                best = result; best_bit = bit;
                if (result >= target) { decided = 1; break; }
            }
        } else if (result < best) {
            best = result; best_bit = bit;
            if (result < target) { decided = 1; break; }
        }
    }
    if (deferred_count && !decided) {
        for (int k = 0; k < deferred_count; k++) {
            Deferred *d = &deferred[k];
            int needed = target - d->gained;
            int32_t entry = d->entry;
            if (entry == EMPTY) {
                int error = 0;
                entry = table_get(&c->table, e, d->key, &d->hash, &error);
                if (error) {
                    PyErr_NoMemory();
                    goto fail;
                }
            }
            if (entry != EMPTY && e->low[entry] >= needed) {
                result = d->gained + e->low[entry];
            } else if (entry != EMPTY && e->high[entry] < needed) {
                result = d->gained + e->high[entry];
            } else {
                c->hands[player] = real_hand ^ one(d->bit);
                int found = trick_start(c, d->player, left - 1, d->flags, needed, d->key,
                                        d->hash, entry);
                c->hands[player] = real_hand;
                if (found == FAIL) goto fail;
                result = d->gained + found;
            }
            if (is_max) {
                if (result > best) {
                    best = result; best_bit = d->bit;
                    if (result >= target) break;
                }
            } else if (result < best) {
                best = result; best_bit = d->bit;
                if (result < target) break;
            }
        }
    }
    for (int k = 0; k < deferred_count; k++)
        if (deferred[k].entry != EMPTY && entries_decref(e, deferred[k].entry) < 0) {
            PyErr_NoMemory();
            return FAIL;
        }
    if (index == 0) c->cut = best_bit;
    if (cached && best_bit != moves[0] && (is_max ? best >= target : best < target)) {
        /* search_order.promote: the deciding card first, the others in their order */
        MoveSlot *slot = moves_find(&c->moves, move_key, 1);
        if (!slot) {
            PyErr_NoMemory();
            return FAIL;
        }
        int at = 0;
        slot->moves[at++] = (uint8_t)best_bit;
        for (int m = 0; m < count; m++)
            if (moves[m] != best_bit) slot->moves[at++] = moves[m];
        slot->length = (uint8_t)at;
    }
    return best;
fail:
    c->hands[player] = real_hand;
    for (int k = 0; k < deferred_count; k++)
        if (deferred[k].entry != EMPTY) entries_decref(e, deferred[k].entry);
    return FAIL;
}

/* ------------------------------------------------------------------------------------------
 * The Python type.
 */

static int to_u128(PyObject *value, u128 *out) {
    PyObject *shift = PyLong_FromLong(64);
    if (!shift) return -1;
    unsigned long long lo = PyLong_AsUnsignedLongLongMask(value);
    if (lo == (unsigned long long)-1 && PyErr_Occurred()) { Py_DECREF(shift); return -1; }
    PyObject *high = PyNumber_Rshift(value, shift);
    Py_DECREF(shift);
    if (!high) return -1;
    unsigned long long hi = PyLong_AsUnsignedLongLongMask(high);
    Py_DECREF(high);
    if (hi == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = ((u128)hi << 64) | lo;
    return 0;
}

static PyObject *from_u128(u128 value) {
    PyObject *hi = PyLong_FromUnsignedLongLong((unsigned long long)(value >> 64));
    if (!hi) return NULL;
    PyObject *shift = PyLong_FromLong(64);
    if (!shift) { Py_DECREF(hi); return NULL; }
    PyObject *shifted = PyNumber_Lshift(hi, shift);
    Py_DECREF(hi);
    Py_DECREF(shift);
    if (!shifted) return NULL;
    PyObject *lo = PyLong_FromUnsignedLongLong((unsigned long long)value);
    if (!lo) { Py_DECREF(shifted); return NULL; }
    PyObject *out = PyNumber_Or(shifted, lo);
    Py_DECREF(shifted);
    Py_DECREF(lo);
    return out;
}

static int int_list(PyObject *list, int *out, int size, const char *what) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) > size) {
        PyErr_Format(PyExc_ValueError, "%s: expected a list of at most %d ints", what, size);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
        long value = PyLong_AsLong(PyList_GET_ITEM(list, i));
        if (value == -1 && PyErr_Occurred()) return -1;
        out[i] = (int)value;
    }
    return (int)PyList_GET_SIZE(list);
}

static int mask_list(PyObject *list, u128 *out, int size, const char *what) {
    if (!PyList_Check(list) || PyList_GET_SIZE(list) > size) {
        PyErr_Format(PyExc_ValueError, "%s: expected a list of at most %d ints", what, size);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++)
        if (to_u128(PyList_GET_ITEM(list, i), &out[i]) < 0) return -1;
    return (int)PyList_GET_SIZE(list);
}

static void Core_dealloc(Core *c) {
    table_free(&c->table);
    table_free(&c->canonical);
    entries_free(&c->entries);
    moves_clear(&c->moves);
    Py_XDECREF(c->limit_error);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

/* Core(n, next, maximiser, teams, restricted, overtrump, exchange, excuse_slam, bonus,
 *      excuse_weight, world_weight, cheapest, shortcuts, capacity, limit_error) */
static int Core_init(Core *c, PyObject *args, PyObject *kwargs) {
    (void)kwargs;
    PyObject *next, *maximiser, *teams, *limit_error;
    long long capacity;
    if (!PyArg_ParseTuple(args, "iOOOppppiiiipLO", &c->n, &next, &maximiser, &teams,
                          &c->restricted, &c->overtrump, &c->exchange, &c->excuse_slam,
                          &c->bonus, &c->excuse_weight, &c->world_weight, &c->cheapest,
                          &c->shortcuts, &capacity, &limit_error))
        return -1;
    if (c->n < 2 || c->n > MAXP) {
        PyErr_SetString(PyExc_ValueError, "players: expected 2 to 6");
        return -1;
    }
    if (int_list(next, c->next, MAXP, "next") < 0) return -1;
    if (int_list(maximiser, c->maximiser, MAXP, "maximiser") < 0) return -1;
    if (int_list(teams, c->teams, MAXP, "teams") < 0) return -1;
    c->max_count = 0;
    for (int seat = 0; seat < c->n; seat++)
        if (c->maximiser[seat]) c->max_seats[c->max_count++] = seat;
    table_free(&c->table);
    table_free(&c->canonical);
    entries_free(&c->entries);
    moves_clear(&c->moves);
    c->table.capacity = c->canonical.capacity = (size_t)(capacity < 1 ? 1 : capacity);
    c->table.stride = c->canonical.stride = 0;
    c->table.words = c->canonical.words = key_words(c->n, 0);
    Py_XINCREF(limit_error);
    Py_XSETREF(c->limit_error, limit_error);
    c->bits = 0;
    return 0;
}

/* set_numbering(bits, weight, suit_of, to_internal, to_compact, suit_masks, blank, trump_base,
 *               excuse_bit, magician_bit, world_bit, class_weights, class_masks,
 *               block_starts, block_masks, own_side_bit) */
static PyObject *Core_set_numbering(Core *c, PyObject *args) {
    PyObject *weight, *suit_of, *to_internal, *to_compact, *suit_masks, *blank, *class_weights;
    PyObject *class_masks, *block_starts, *block_masks, *own_side_bit;
    if (!PyArg_ParseTuple(args, "iOOOOOOiiiiOOOOO", &c->bits, &weight, &suit_of, &to_internal,
                          &to_compact, &suit_masks, &blank, &c->trump_base, &c->excuse_bit,
                          &c->magician_bit, &c->world_bit, &class_weights, &class_masks,
                          &block_starts, &block_masks, &own_side_bit))
        return NULL;
    if (c->bits > MAXBITS) {
        PyErr_SetString(PyExc_ValueError, "bits: at most 78");
        return NULL;
    }
    if (int_list(weight, c->weight, MAXBITS, "weight") < 0) return NULL;
    if (int_list(suit_of, c->suit_of, MAXBITS, "suit_of") < 0) return NULL;
    if (int_list(to_internal, c->to_internal, MAXBITS, "to_internal") < 0) return NULL;
    if (int_list(to_compact, c->to_compact, MAXBITS, "to_compact") < 0) return NULL;
    if (mask_list(suit_masks, c->suit_masks, 5, "suit_masks") != 5) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "suit_masks: five masks");
        return NULL;
    }
    c->trumps = c->suit_masks[TRUMP_SUIT];
    c->suited = c->suit_masks[0] | c->suit_masks[1] | c->suit_masks[2] | c->suit_masks[3];
    if (to_u128(blank, &c->blank) < 0) return NULL;
    if (to_u128(own_side_bit, &c->own_side_bit) < 0) return NULL;
    c->excuse = c->excuse_bit >= 0 ? one(c->excuse_bit) : 0;
    c->magician = c->magician_bit >= 0 ? one(c->magician_bit) : 0;
    c->world = c->world_bit >= 0 ? one(c->world_bit) : 0;
    c->classes = int_list(class_weights, c->class_weight, 8, "class_weights");
    if (c->classes < 0) return NULL;
    if (mask_list(class_masks, c->class_mask, 8, "class_masks") != c->classes) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "class_masks: one per class");
        return NULL;
    }
    if (int_list(block_starts, c->block_start, 5, "block_starts") != 5) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "block_starts: five");
        return NULL;
    }
    if (mask_list(block_masks, c->block_mask, 5, "block_masks") != 5) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "block_masks: five");
        return NULL;
    }
    /* Exact hands fit their bits; canonical ones carry a points code above (6 bits a class). */
    c->table.stride = c->bits;
    c->canonical.stride = c->bits + 6 * c->classes;
    c->table.words = key_words(c->n, c->table.stride);
    c->canonical.words = key_words(c->n, c->canonical.stride);
    if (c->table.words > MAXW || c->canonical.words > MAXW) {
        PyErr_SetString(PyExc_ValueError, "set_numbering: keys too wide");
        return NULL;
    }
    moves_clear(&c->moves);
    Py_RETURN_NONE;
}

static int read_hands(Core *c, PyObject *hands) {
    if (mask_list(hands, c->hands, MAXP, "hands") != c->n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "hands: one per player");
        return -1;
    }
    return 0;
}

/* The state of a probe: holder, holder_team, slam_watch, nodes, limit, deadline (< 0: none). */
static int read_probe(Core *c, PyObject *args, int offset) {
    PyObject *item;
    int values[3];
    for (int k = 0; k < 3; k++) {
        item = PyTuple_GET_ITEM(args, offset + k);
        values[k] = (int)PyLong_AsLong(item);
        if (values[k] == -1 && PyErr_Occurred()) return -1;
    }
    c->holder = values[0];
    c->holder_team = values[1];
    c->slam_watch = values[2];
    c->nodes = PyLong_AsLongLong(PyTuple_GET_ITEM(args, offset + 3));
    if (c->nodes == -1 && PyErr_Occurred()) return -1;
    c->limit = PyLong_AsLongLong(PyTuple_GET_ITEM(args, offset + 4));
    if (c->limit == -1 && PyErr_Occurred()) return -1;
    double deadline = PyFloat_AsDouble(PyTuple_GET_ITEM(args, offset + 5));
    if (deadline == -1.0 && PyErr_Occurred()) return -1;
    c->timed = deadline >= 0;
    c->stop_at = deadline;
    c->cut = -1;
    c->failed = 0;
    return 0;
}

static PyObject *probe_result(int result) {
    if (result == FAIL) return NULL;
    return PyLong_FromLong(result);
}

/* boundary(hands, leader, left, flags, target, holder, holder_team, slam_watch, nodes, limit,
 *          deadline): TarotSearch._run at a trick boundary with two or more tricks left. */
static PyObject *Core_boundary(Core *c, PyObject *args) {
    if (PyTuple_GET_SIZE(args) != 11) {
        PyErr_SetString(PyExc_TypeError, "boundary: 11 arguments");
        return NULL;
    }
    if (read_hands(c, PyTuple_GET_ITEM(args, 0)) < 0) return NULL;
    int values[4];
    for (int k = 0; k < 4; k++) {
        values[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(args, 1 + k));
        if (values[k] == -1 && PyErr_Occurred()) return NULL;
    }
    if (read_probe(c, args, 5) < 0) return NULL;
    int leader = values[0], left = values[1], flags = values[2], target = values[3];
    u128 key[MAXW];
    uint64_t hash;
    exact_key(c, leader | flags << 3, key);
    int error = 0;
    int32_t entry = table_get(&c->table, &c->entries, key, &hash, &error);
    if (error) return PyErr_NoMemory();
    if (entry != EMPTY) {
        if (c->entries.low[entry] >= target) return PyLong_FromLong(c->entries.low[entry]);
        if (c->entries.high[entry] < target) return PyLong_FromLong(c->entries.high[entry]);
    }
    return probe_result(trick_start(c, leader, left, flags, target, key, hash, entry));
}

/* inside(hands, played, player, index, led, win, win_player, points, exc, least, flags, left,
 *        target, holder, holder_team, slam_watch, nodes, limit, deadline): TarotSearch._run
 * inside a trick (played: the cards of the trick so far, in this numbering). */
static PyObject *Core_inside(Core *c, PyObject *args) {
    if (PyTuple_GET_SIZE(args) != 19) {
        PyErr_SetString(PyExc_TypeError, "inside: 19 arguments");
        return NULL;
    }
    if (read_hands(c, PyTuple_GET_ITEM(args, 0)) < 0) return NULL;
    u128 played;
    if (to_u128(PyTuple_GET_ITEM(args, 1), &played) < 0) return NULL;
    int values[11];
    for (int k = 0; k < 11; k++) {
        values[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(args, 2 + k));
        if (values[k] == -1 && PyErr_Occurred()) return NULL;
    }
    if (read_probe(c, args, 13) < 0) return NULL;
    u128 remaining = played;
    for (int seat = 0; seat < c->n; seat++) remaining |= c->hands[seat];
    u128 dead = c->shortcuts ? dead_suits(c, remaining) : 0;
    u128 reduced[MAXP];
    reduce_hands(c, remaining, dead, reduced);
    return probe_result(node(c, values[0], values[1], values[2], values[3], values[4],
                                values[5], values[6], values[7], reduced, values[8], values[9],
                                values[10], -1));
}

/* get(key): BoundsTable.get on the table of exact keys: (low, high, lead) or None. */
static PyObject *Core_get(Core *c, PyObject *args) {
    PyObject *hands;
    int last;
    if (!PyArg_ParseTuple(args, "Oi", &hands, &last)) return NULL;
    u128 cards[MAXP], key[MAXW];
    if (mask_list(hands, cards, MAXP, "hands") != c->n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "hands: one per player");
        return NULL;
    }
    pack(cards, c->n, c->table.stride, last, key, c->table.words);
    uint64_t hash;
    int error = 0;
    int32_t entry = table_get(&c->table, &c->entries, key, &hash, &error);
    if (error) return PyErr_NoMemory();
    if (entry == EMPTY) Py_RETURN_NONE;
    return Py_BuildValue("(iii)", c->entries.low[entry], c->entries.high[entry],
                         c->entries.lead[entry]);
}

typedef struct {
    uint32_t order; /* the key's place in the key store: the order it was filed */
    const Slot *slot;
} Live;

static int by_order(const void *a, const void *b) {
    uint32_t x = ((const Live *)a)->order, y = ((const Live *)b)->order;
    return (x > y) - (x < y);
}
#define SLOT_KEY_OF(g, s) (&(g)->keys[(s)->keypos])

/* The live keys of a generation in the order they were filed (as a dict keeps them). */
static PyObject *export_gen(Gen *g, int n, int stride, PyObject *list) {
    if (!g->slots) return list;
    Live *live = malloc((g->count ? g->count : 1) * sizeof(Live));
    if (!live) return PyErr_NoMemory();
    size_t count = 0;
    for (size_t i = 0; i <= g->mask; i++) {
        const Slot *s = &g->slots[i];
        if (s->entry < 0) continue;
        live[count].order = s->keypos;
        live[count].slot = s;
        count++;
    }
    qsort(live, count, sizeof(Live), by_order);
    for (size_t i = 0; i < count; i++) {
        PyObject *key = PyTuple_New(n + 1);
        if (!key) goto fail;
        const u128 *packed = SLOT_KEY_OF(g, live[i].slot);
        for (int w = 0; w <= n; w++) {
            u128 part = get_bits(packed, w * stride, w < n ? stride : 16);
            PyObject *value = from_u128(part);
            if (!value) { Py_DECREF(key); goto fail; }
            PyTuple_SET_ITEM(key, w, value);
        }
        PyObject *item = Py_BuildValue("(Ni)", key, live[i].slot->entry);
        if (!item || PyList_Append(list, item) < 0) { Py_XDECREF(item); goto fail; }
        Py_DECREF(item);
    }
    free(live);
    return list;
fail:
    free(live);
    return NULL;
}

/* export(canonical): the (key, entry id) pairs of a table, the old generation first, each in
 * the order its keys were filed (BoundsTable.items). */
static PyObject *Core_export(Core *c, PyObject *args) {
    int canonical;
    if (!PyArg_ParseTuple(args, "p", &canonical)) return NULL;
    Table *t = canonical ? &c->canonical : &c->table;
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    if (!export_gen(&t->old, c->n, t->stride, list) ||
        !export_gen(&t->cur, c->n, t->stride, list)) {
        Py_DECREF(list);
        return NULL;
    }
    return list;
}

/* replace(exact, canonical): both tables made afresh (as new BoundsTables) from (key, entry
 * id) pairs, the ids of export; entries no pair names are dropped. */
static int fill(Core *c, Table *t, PyObject *pairs) {
    if (!PyList_Check(pairs)) {
        PyErr_SetString(PyExc_TypeError, "replace: expected lists of pairs");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(pairs); i++) {
        PyObject *pair = PyList_GET_ITEM(pairs, i);
        PyObject *key_tuple;
        int entry;
        if (!PyArg_ParseTuple(pair, "Oi", &key_tuple, &entry)) return -1;
        if (!PyTuple_Check(key_tuple) || PyTuple_GET_SIZE(key_tuple) != c->n + 1 ||
            entry < 0 || (size_t)entry >= c->entries.count) {
            PyErr_SetString(PyExc_ValueError, "replace: bad key or entry");
            return -1;
        }
        u128 cards[MAXP + 1], key[MAXW];
        for (int w = 0; w <= c->n; w++)
            if (to_u128(PyTuple_GET_ITEM(key_tuple, w), &cards[w]) < 0) return -1;
        pack(cards, c->n, t->stride, (int)cards[c->n], key, t->words);
        if (table_put(t, &c->entries, key, hash_key(key, t->words), entry, 0) < 0) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

static PyObject *Core_replace(Core *c, PyObject *args) {
    PyObject *exact, *canonical;
    if (!PyArg_ParseTuple(args, "OO", &exact, &canonical)) return NULL;
    /* The references are counted afresh: only the new tables hold entries. */
    table_free(&c->table);
    table_free(&c->canonical);
    c->table.generations = c->canonical.generations = 0;
    Entries *e = &c->entries;
    for (size_t i = 0; i < e->count; i++) e->refs[i] = 0;
    int ok = fill(c, &c->table, exact) == 0 && fill(c, &c->canonical, canonical) == 0;
    e->free_count = 0;
    for (size_t i = 0; i < e->count; i++) {
        if (e->refs[i] == 0) {
            e->refs[i] = 1;
            if (entries_decref(e, (int32_t)i) < 0) return PyErr_NoMemory();
        }
    }
    if (!ok) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Core_sizes(Core *c, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("(nnl)", (Py_ssize_t)(c->table.cur.count + c->table.old.count),
                         (Py_ssize_t)(c->canonical.cur.count + c->canonical.old.count),
                         c->table.generations);
}

static PyObject *Core_nodes(Core *c, void *Py_UNUSED(closure)) {
    return PyLong_FromLongLong(c->nodes);
}

static PyMethodDef Core_methods[] = {
    {"set_numbering", (PyCFunction)Core_set_numbering, METH_VARARGS, "Take a card numbering."},
    {"boundary", (PyCFunction)Core_boundary, METH_VARARGS, "Probe at a trick boundary."},
    {"inside", (PyCFunction)Core_inside, METH_VARARGS, "Probe inside a trick."},
    {"get", (PyCFunction)Core_get, METH_VARARGS, "The entry of an exact key, or None."},
    {"export", (PyCFunction)Core_export, METH_VARARGS, "The keys and entry ids of a table."},
    {"replace", (PyCFunction)Core_replace, METH_VARARGS, "Fill both tables afresh."},
    {"sizes", (PyCFunction)Core_sizes, METH_NOARGS, "Keys of each table, and generations."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_nodes, NULL, "Nodes counted at the end of the last probe.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cardgames.tarot._core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The inner loop of TarotSearch (see cardgames/tarot/_core.c).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "cardgames.tarot._core",
    "The fast Tarot search's inner loop in C (see cardgames.tarot.search).", -1, NULL, NULL,
    NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(module, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
