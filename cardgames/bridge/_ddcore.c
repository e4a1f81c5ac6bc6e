/*
 * The bridge double-dummy search of cardgames.bridge.search, written again in C.
 *
 * This is an optional accelerator: setup.py builds it when a C compiler is at hand, and
 * cardgames.bridge.search_native uses it unless CARDGAMES_PURE=1. The Python modules
 * cardgames/bridge/search.py, search_bounds.py, search_order.py and search_table.py are the
 * reference: this file follows them step for step (the same bounds, the same move order, the
 * same table with the same replacement, the same node count), and a test checks that the two
 * give the same values with the same number of nodes on seeded positions. Change one, change
 * the other.
 *
 * Cards are search numbers (suit * 13 + strength, the two 0 and the ace 12), hands 52-bit
 * masks. Comments say why; the Python sources say what each step is for at more length.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;
typedef int64_t i64;

#define SUIT_BITS 0x1FFFULL
#define NO_TRUMP 4
#define NONE 63
#define ENTRIES_PER_SHAPE 128
#define NO_LIMIT (((i64)1) << 62)
#define CLOCK_EVERY 63
#define STOPPED (-1000)

/* Weights of search_order.py. */
#define SUIT_WEIGHT 7
#define RUFFABLE 20
#define PARTNER_RUFFS 17
#define RIGHT_HOLDS_TOP 10
#define THROUGH_LEFT 15
#define CASH 40
#define TO_PARTNER 30
#define FORCE_TOP 25
#define OTHER 10
#define LOW_TRUMP 10
#define SURE_WIN 70
#define WIN_NOW 40
#define LOSE 30
#define LENGTH 1
#define OFFSET 512

/* A counting mode for study (build with -DDD_STATS): where the search spends its nodes. It
 * is compiled out of the ordinary build. */
#ifdef DD_STATS
enum {
    S_LEAD, S_LEAD_TRIVIAL, S_LEAD_QUICK, S_LEAD_LATER, S_LEAD_OWN_TRUMPS, S_LEAD_TABLE,
    S_LEAD_CUT, S_LEAD_ALL, S_LEAD_MOVES, S_LEAD_FIRST_CUT, S_LEAD_SKIPPED,
    S_FOLLOW1, S_FOLLOW2, S_FOLLOW3, S_SECOND_QUICK, S_FOLLOW_MOVES, S_FOLLOW_SKIPPED,
    S_FOLLOW_CUT, S_FOLLOW_ALL, S_FOLLOW_FIRST_CUT, S_LEFT = 20, S_COUNT = 40
};
static i64 STATS[S_COUNT];
#define STAT(i) (STATS[i]++)
#else
#define STAT(i) ((void)0)
#endif

#if defined(__GNUC__) || defined(__clang__)
static inline int popcount(u64 x) { return __builtin_popcountll(x); }
static inline int bit_length(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int lowest_bit(u64 x) { return __builtin_ctzll(x); }
#else
static inline int popcount(u64 x) {
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
}
static inline int bit_length(u64 x) {
    int n = 0;
    while (x) {
        x >>= 1;
        n++;
    }
    return n;
}
static inline int lowest_bit(u64 x) {
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}
#endif

static inline u64 suit_of(u64 hand, int suit) { return (hand >> (13 * suit)) & SUIT_BITS; }

static inline int hand_size(u64 hand) { return popcount(hand); }

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

/* The count highest set bits of cards (one suit). */
static u64 top_cards(u64 cards, int count) {
    u64 out = 0;
    while (count > 0 && cards) {
        u64 bit = 1ULL << (bit_length(cards) - 1);
        out |= bit;
        cards ^= bit;
        count--;
    }
    return out;
}

/* ---------------------------------------------------------------- search_bounds.py */

static int cashing(const u64 *hands, int hand, int trump, int need, u64 *used_out) {
    u64 me = hands[hand];
    u64 partner = hands[(hand + 2) & 3];
    u64 lho = hands[(hand + 1) & 3];
    u64 rho = hands[(hand + 3) & 3];
    u64 others = partner | lho | rho;
    u64 used = 0;
    int trump_count = 0;
    int drawn = 1;
    int partner_trumps_left = 0;
    int lho_trumps = 0, rho_trumps = 0;
    if (trump != NO_TRUMP) {
        u64 mine = suit_of(me, trump);
        int partner_trumps;
        lho_trumps = popcount(suit_of(lho, trump));
        rho_trumps = popcount(suit_of(rho, trump));
        partner_trumps = popcount(suit_of(partner, trump));
        if (mine) {
            int top = popcount(mine >> bit_length(suit_of(others, trump)));
            if (top >= need) {
                *used_out = top_cards(mine, need) << (13 * trump);
                return need;
            }
            if (top) {
                used = top_cards(mine, top) << (13 * trump);
                trump_count = top;
                if (top >= lho_trumps && top >= rho_trumps && top >= partner_trumps) {
                    trump_count = popcount(mine);
                    if (trump_count >= need) {
                        *used_out = used;
                        return trump_count;
                    }
                }
            }
        }
        drawn = trump_count >= lho_trumps && trump_count >= rho_trumps;
        partner_trumps_left = partner_trumps > trump_count;
        if (trump_count) {
            lho_trumps = imax(0, lho_trumps - trump_count);
            rho_trumps = imax(0, rho_trumps - trump_count);
        }
    }
    int plain = 13;
    if (partner_trumps_left)
        plain = popcount(partner) - popcount(suit_of(partner, trump));
    int total = trump_count;
    int side = 0;
    int best = 0, best_shift = 0;
    u64 best_mine = 0;
    for (int suit = 0; suit < 4; suit++) {
        if (suit == trump)
            continue;
        int shift = 13 * suit;
        u64 mine = suit_of(me, suit);
        if (!mine)
            continue;
        int top = popcount(mine >> bit_length(suit_of(others, suit)));
        if (!top)
            continue;
        int lho_length = popcount(suit_of(lho, suit));
        int rho_length = popcount(suit_of(rho, suit));
        if (drawn) {
            int count = top;
            if (top >= lho_length && top >= rho_length &&
                top >= popcount(suit_of(partner, suit)))
                count = popcount(mine);
            count = imin(count, plain - side);
            if (count <= 0)
                break;
            int wanted = need - total - side;
            if (count >= wanted) {
                *used_out = used | top_cards(mine, imin(wanted, top)) << shift;
                return need;
            }
            side += count;
            used |= top_cards(mine, top) << shift;
        } else {
            int count = imin(top, plain);
            if (lho_trumps && lho_length < count)
                count = lho_length;
            if (rho_trumps && rho_length < count)
                count = rho_length;
            if (count > best) {
                best = count;
                best_mine = mine;
                best_shift = shift;
            }
        }
    }
    if (best) {
        int count = imin(best, need - total);
        *used_out = used | top_cards(best_mine, count) << best_shift;
        return total + count;
    }
    *used_out = used;
    return total + side;
}

static int quick_tricks(const u64 *hands, int leader, int trump, int need, u64 *used_out) {
    u64 used;
    int total = cashing(hands, leader, trump, need, &used);
    if (total >= need) {
        *used_out = used;
        return total;
    }
    u64 me = hands[leader];
    int partner_seat = (leader + 2) & 3;
    u64 partner = hands[partner_seat];
    u64 lho = hands[(leader + 1) & 3];
    u64 rho = hands[(leader + 3) & 3];
    int lho_trumps = trump != NO_TRUMP && suit_of(lho, trump) != 0;
    int rho_trumps = trump != NO_TRUMP && suit_of(rho, trump) != 0;
    int partner_trumps = trump != NO_TRUMP && suit_of(partner, trump) != 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 mine = suit_of(me, suit);
        if (!mine)
            continue;
        u64 ours = suit_of(partner, suit);
        u64 lho_cards = suit_of(lho, suit);
        u64 rho_cards = suit_of(rho, suit);
        if (!lho_cards && !rho_cards && ours) {
            if (suit == trump || !(lho_trumps || rho_trumps)) {
                int rounds = imin(popcount(mine), popcount(ours));
                if (rounds > total) {
                    total = rounds;
                    used = 0;
                }
            }
        } else if (suit != trump && !ours && partner_trumps && (lho_cards || !lho_trumps) &&
                   (rho_cards || !rho_trumps) && total == 0) {
            total = 1;
            used = 0;
        }
    }
    if (total >= need) {
        *used_out = used;
        return total;
    }
    u64 rest = me | lho | rho;
    int entry = -1;
    for (int suit = 0; suit < 4; suit++) {
        u64 mine = suit_of(me, suit);
        u64 ours = suit_of(partner, suit);
        if (!mine || bit_length(ours) <= bit_length(suit_of(rest, suit)))
            continue;
        if (trump != NO_TRUMP && suit != trump) {
            if ((suit_of(lho, suit) == 0 && suit_of(lho, trump)) ||
                (suit_of(rho, suit) == 0 && suit_of(rho, trump)))
                continue;
        }
        entry = 13 * suit + bit_length(ours) - 1;
        break;
    }
    if (entry < 0) {
        *used_out = used;
        return total;
    }
    u64 partner_used;
    int partner_total = cashing(hands, partner_seat, trump, need, &partner_used);
    if (partner_total > total) {
        *used_out = partner_used | 1ULL << entry;
        return partner_total;
    }
    *used_out = used;
    return total;
}

static int sure_trumps(const u64 *hands, int seat, int trump, int need, u64 *used_out) {
    *used_out = 0;
    if (trump == NO_TRUMP)
        return 0;
    int shift = 13 * trump;
    u64 theirs = suit_of(hands[(seat + 1) & 3] | hands[(seat + 3) & 3], trump);
    int top = bit_length(theirs);
    u64 mine = suit_of(hands[seat], trump);
    u64 partner = suit_of(hands[(seat + 2) & 3], trump);
    int count = popcount(mine >> top);
    int other = popcount(partner >> top);
    if (other > count) {
        count = imin(other, need);
        *used_out = top_cards(partner, count) << shift;
        return count;
    }
    count = imin(count, need);
    if (count <= 0)
        return 0;
    *used_out = top_cards(mine, count) << shift;
    return count;
}

static u64 lead_loser(const u64 *hands, int leader, int trump) {
    u64 me = hands[leader];
    u64 partner = hands[(leader + 2) & 3];
    u64 theirs = hands[(leader + 1) & 3] | hands[(leader + 3) & 3];
    int partner_trumps = trump != NO_TRUMP && suit_of(partner, trump) != 0;
    u64 cards = 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 mine = suit_of(me, suit);
        if (!mine)
            continue;
        u64 opponents = suit_of(theirs, suit);
        u64 ours = suit_of(partner, suit);
        if (bit_length(opponents) <= bit_length(mine | ours))
            return 0;
        if (partner_trumps && suit != trump && !ours)
            return 0;
        cards |= 1ULL << (13 * suit + bit_length(opponents) - 1);
    }
    return cards;
}

static u64 guarded_trump(const u64 *hands, int leader, int trump) {
    if (trump == NO_TRUMP)
        return 0;
    int shift = 13 * trump;
    int seats[2] = {(leader + 1) & 3, (leader + 3) & 3};
    for (int i = 0; i < 2; i++) {
        int seat = seats[i];
        u64 mine = suit_of(hands[seat], trump);
        if (!mine)
            continue;
        int best = bit_length(mine) - 1;
        u64 everyone = suit_of(hands[0] | hands[1] | hands[2] | hands[3], trump);
        u64 above = everyone >> (best + 1) << (best + 1);
        u64 right = suit_of(hands[(seat + 3) & 3], trump);
        if ((above & right) == above && popcount(mine) > popcount(above))
            return (above | 1ULL << best) << shift;
    }
    return 0;
}

static int second_hand_tricks(const u64 *hands, int seat, int win_card, int trump, int need,
                              u64 *cards_out) {
    int suit = win_card / 13;
    int shift = 13 * suit;
    int partner = (seat + 2) & 3;
    int third = (seat + 1) & 3;
    u64 mine = suit_of(hands[seat], suit);
    u64 ours = suit_of(hands[partner], suit);
    u64 theirs = suit_of(hands[third], suit);
    *cards_out = 0;
    if (trump != NO_TRUMP && suit != trump && !theirs && suit_of(hands[third], trump) != 0)
        return 0;
    int top = bit_length(mine | ours) - 1;
    int winner;
    u64 cards;
    if (top > win_card - shift && top > bit_length(theirs) - 1) {
        winner = (mine >> top & 1) ? seat : partner;
        cards = 1ULL << (shift + top);
    } else if (trump != NO_TRUMP && suit != trump) {
        if ((!mine && suit_of(hands[seat], trump)) || (!ours && suit_of(hands[partner], trump)))
            return 1;
        return 0;
    } else {
        return 0;
    }
    if (need <= 1 || trump != NO_TRUMP) {
        *cards_out = cards;
        return 1;
    }
    int count = 1;
    u64 me = hands[winner];
    u64 others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ me;
    for (int other_suit = 0; other_suit < 4; other_suit++) {
        u64 held = suit_of(me, other_suit);
        if (!held)
            continue;
        u64 rest = suit_of(others, other_suit);
        if (other_suit == suit)
            held ^= 1ULL << top;
        int winners = popcount(held >> bit_length(rest));
        if (winners) {
            winners = imin(winners, need - count);
            count += winners;
            cards |= top_cards(held, winners) << (13 * other_suit);
            if (count >= need)
                break;
        }
    }
    *cards_out = cards;
    return count;
}

/* ----------------------------------------------------------------- search_order.py */

/* Sort descending (the Python lists are sorted with reverse=True; the keys are distinct). */
static void sort_desc(i64 *keys, int n) {
    for (int i = 1; i < n; i++) {
        i64 key = keys[i];
        int j = i - 1;
        while (j >= 0 && keys[j] < key) {
            keys[j + 1] = keys[j];
            j--;
        }
        keys[j + 1] = key;
    }
}

static void move_to_front(int *moves, int n, int card) {
    for (int index = 0; index < n; index++) {
        if ((moves[index] & 63) == card) {
            int move = moves[index];
            for (int k = index; k > 0; k--)
                moves[k] = moves[k - 1];
            moves[0] = move;
            return;
        }
    }
}

static int lead_moves(const u64 *hands, int leader, int hint, int trump, int killer,
                      int *moves) {
    u64 me = hands[leader];
    u64 partner = hands[(leader + 2) & 3];
    u64 lho = hands[(leader + 1) & 3];
    u64 rho = hands[(leader + 3) & 3];
    u64 everyone = me | partner | lho | rho;
    int void_count = popcount(me) + 1;
    u64 opponents = lho | rho;
    int lho_trumps = trump != NO_TRUMP && suit_of(lho, trump) != 0;
    int rho_trumps = trump != NO_TRUMP && suit_of(rho, trump) != 0;
    int partner_trumps = trump != NO_TRUMP && suit_of(partner, trump) != 0;
    i64 scored[16];
    int n = 0;
    for (int suit = 0; suit < 4; suit++) {
        int shift = 13 * suit;
        u64 mine = suit_of(me, suit);
        if (!mine)
            continue;
        u64 theirs = suit_of(opponents, suit);
        u64 ours = suit_of(partner, suit);
        u64 left_cards = suit_of(lho, suit);
        u64 right_cards = suit_of(rho, suit);
        u64 all_cards = suit_of(everyone, suit);
        u64 others = theirs | ours;
        int top_theirs = bit_length(theirs);
        int partner_tops = bit_length(ours) > top_theirs && bit_length(ours) > bit_length(mine);
        int ruffable =
            suit != trump && ((lho_trumps && !left_cards) || (rho_trumps && !right_cards));
        int count_left = left_cards ? popcount(left_cards) : void_count;
        int count_right = right_cards ? popcount(right_cards) : void_count;
        int weight = -SUIT_WEIGHT * (count_left + count_right);
        if (ruffable)
            weight -= RUFFABLE;
        if (suit != trump && partner_trumps && !ours && right_cards)
            weight += PARTNER_RUFFS;
        int top_card = bit_length(all_cards) - 1;
        int second = bit_length(all_cards ^ (1ULL << top_card)) - 1;
        if (((right_cards >> top_card & 1) || (second >= 0 && (right_cards >> second & 1))) &&
            popcount(right_cards) != 1)
            weight -= RIGHT_HOLDS_TOP;
        else if ((left_cards >> top_card & 1) && second >= 0 && (ours >> second & 1) &&
                 popcount(ours) != 1)
            weight += THROUGH_LEFT;
        u64 upper = 1ULL << 13;
        int top = -1;
        int low = NONE;
        u64 rest = mine;
        for (;;) {
            int strength = rest ? bit_length(rest) - 1 : -1;
            u64 bit = rest ? 1ULL << strength : 0;
            if (rest && top >= 0 && !(others & (upper - (bit << 1)))) {
                low = strength;
            } else {
                if (top >= 0) {
                    int rank = popcount(all_cards & ((1ULL << top) - 1));
                    int score;
                    if (top >= top_theirs && top > bit_length(ours) - 1 && !ruffable)
                        score = weight + CASH;
                    else if (partner_tops && !ruffable)
                        score = weight + TO_PARTNER - rank;
                    else if (top == second && low != NONE)
                        score = weight + FORCE_TOP;
                    else
                        score = weight + OTHER - rank;
                    if (suit == trump && top < top_theirs)
                        score -= LOW_TRUMP;
                    int low_card = low == NONE ? NONE : shift + low;
                    scored[n++] = ((i64)(score + OFFSET) << 12) | (low_card << 6) | (shift + top);
                }
                if (!rest)
                    break;
                top = strength;
                low = NONE;
            }
            upper = bit;
            rest ^= bit;
        }
    }
    sort_desc(scored, n);
    for (int i = 0; i < n; i++)
        moves[i] = (int)(scored[i] & 0xFFF);
    if (hint >= 0)
        move_to_front(moves, n, hint);
    if (killer >= 0 && killer != hint)
        move_to_front(moves, n, killer);
    return n;
}

static int follow_moves(const u64 *hands, int seat, u64 legal, u64 played, int win_card,
                        int win_seat, int trump, int lead_suit, int later, int *moves) {
    u64 others = played;
    for (int other = 0; other < 4; other++)
        if (other != seat)
            others |= hands[other];
    int win_suit = win_card / 13;
    int tshift = 13 * trump;
    int best_led = -1, best_trump = -1;
    for (int step = 1; step <= later; step++) {
        int other = (seat + step) & 3;
        if (((other ^ seat) & 1) == 0)
            continue;
        u64 hand = hands[other];
        u64 follow = suit_of(hand, lead_suit);
        if (follow) {
            best_led = imax(best_led, 13 * lead_suit + bit_length(follow) - 1);
        } else if (trump != NO_TRUMP) {
            u64 trumps = suit_of(hand, trump);
            if (trumps)
                best_trump = imax(best_trump, tshift + bit_length(trumps) - 1);
        }
    }
    i64 scored[16];
    int n = 0;
    for (int suit = 0; suit < 4; suit++) {
        int shift = 13 * suit;
        u64 mine = suit_of(legal, suit);
        if (!mine)
            continue;
        u64 between = suit_of(others, suit);
        int length = popcount(mine);
        u64 upper = 1ULL << 13;
        int top = -1;
        int low = NONE;
        u64 rest = mine;
        for (;;) {
            int strength = rest ? bit_length(rest) - 1 : -1;
            u64 bit = rest ? 1ULL << strength : 0;
            if (rest && top >= 0 && !(between & (upper - (bit << 1)))) {
                low = strength;
            } else {
                if (top >= 0) {
                    int card = shift + top;
                    int beats = (suit == win_suit && card > win_card) ||
                                (suit == trump && win_suit != trump);
                    int new_card = beats ? card : win_card;
                    int new_seat = beats ? seat : win_seat;
                    int score;
                    if (((new_seat ^ seat) & 1) == 0) {
                        int sure;
                        if (new_card / 13 == trump)
                            sure = best_trump < new_card &&
                                   (lead_suit != trump || best_led < new_card);
                        else
                            sure = best_trump < 0 && best_led < new_card;
                        score = (sure ? SURE_WIN : WIN_NOW) - top;
                    } else {
                        score = LOSE - top;
                    }
                    score += LENGTH * length;
                    int low_card = low == NONE ? NONE : shift + low;
                    scored[n++] = ((i64)(score + OFFSET) << 12) | (low_card << 6) | card;
                }
                if (!rest)
                    break;
                top = strength;
                low = NONE;
            }
            upper = bit;
            rest ^= bit;
        }
    }
    sort_desc(scored, n);
    for (int i = 0; i < n; i++)
        moves[i] = (int)(scored[i] & 0xFFF);
    return n;
}

/* ----------------------------------------------------------------- search_table.py */

static uint8_t PEXT_LOW[1 << 14];
static uint8_t PEXT_HIGH[1 << 12];

static void make_pext(uint8_t *table, int bits) {
    for (int x = 0; x < (1 << bits); x++) {
        for (int mask = 0; mask < (1 << bits); mask++) {
            int out = 0, place = 0;
            for (int bit = 0; bit < bits; bit++) {
                if (mask >> bit & 1) {
                    if (x >> bit & 1)
                        out |= 1 << place;
                    place++;
                }
            }
            table[(x << bits) | mask] = (uint8_t)out;
        }
    }
}

static inline u64 lengths(u64 hand) {
    return (u64)popcount(hand & SUIT_BITS) | (u64)popcount(suit_of(hand, 1)) << 4 |
           (u64)popcount(suit_of(hand, 2)) << 8 | (u64)popcount(hand >> 39) << 12;
}

static void describe(const u64 *hands, int leader, u64 *code) {
    u64 north = hands[0], east = hands[1], south = hands[2], west = hands[3];
    u64 present = north | east | south | west;
    u64 key[3] = {0, 0, 0};
    for (int suit = 0; suit < 4; suit++) {
        int shift = 13 * suit;
        u64 cards = (present >> shift) & SUIT_BITS;
        if (!cards)
            continue;
        u64 low = cards & 0x7F;
        u64 high = cards >> 7;
        int below = popcount(low);
        for (int h = 0; h < 3; h++) {
            u64 x = (hands[h] >> shift) & SUIT_BITS;
            u64 packed = (u64)PEXT_LOW[(x & 0x7F) << 7 | low] |
                         (u64)PEXT_HIGH[(x >> 7) << 6 | high] << below;
            key[h] |= packed << shift;
        }
    }
    code[0] = key[0];
    code[1] = key[1];
    code[2] = key[2];
    code[3] = (u64)leader | lengths(north) << 2 | lengths(east) << 18;
    code[4] = lengths(south) | lengths(west) << 16;
}

static u64 region_of(const u64 *hands, u64 relevant) {
    u64 present = hands[0] | hands[1] | hands[2] | hands[3];
    u64 region = 0;
    for (int suit = 0; suit < 4; suit++) {
        int shift = 13 * suit;
        u64 wanted = (relevant >> shift) & SUIT_BITS;
        if (!wanted)
            continue;
        u64 cards = (present >> shift) & SUIT_BITS;
        u64 lowest = wanted & (~wanted + 1);
        int above = popcount(cards & ~(lowest - 1));
        int size = popcount(cards);
        region |= ((((u64)1 << above) - 1) << (size - above)) << shift;
    }
    return region;
}

static u64 absolute_region(const u64 *hands, u64 region) {
    u64 present = hands[0] | hands[1] | hands[2] | hands[3];
    u64 out = 0;
    for (int suit = 0; suit < 4; suit++) {
        int shift = 13 * suit;
        u64 wanted = (region >> shift) & SUIT_BITS;
        if (!wanted)
            continue;
        u64 cards = (present >> shift) & SUIT_BITS;
        int drop = popcount(cards) - popcount(wanted);
        while (drop > 0) {
            cards &= cards - 1;
            drop--;
        }
        out |= cards << shift;
    }
    return out;
}

static int relative(const u64 *hands, int card) {
    int suit = card / 13;
    int shift = 13 * suit;
    u64 present = ((hands[0] | hands[1] | hands[2] | hands[3]) >> shift) & SUIT_BITS;
    u64 below = present & ((1ULL << (card - shift)) - 1);
    return suit * 13 + popcount(below);
}

static int absolute(const u64 *hands, int code) {
    int suit = code / 13;
    int shift = 13 * suit;
    u64 present = ((hands[0] | hands[1] | hands[2] | hands[3]) >> shift) & SUIT_BITS;
    int rank = code - shift;
    while (present) {
        u64 low = present & (~present + 1);
        if (rank == 0)
            return shift + lowest_bit(low);
        rank--;
        present ^= low;
    }
    return -1;
}

typedef struct {
    u64 region, north, east, south;
    int8_t low, high, best;
} Entry;

typedef struct {
    u64 key_a, key_b;
    Entry *entries; /* a ring once full: logical entry i is entries[(start + i) % size] */
    int16_t count, capacity, start;
    uint8_t used;
} Bucket;

typedef struct {
    PyObject_HEAD Bucket *buckets;
    size_t size; /* a power of two */
    size_t filled;
    Py_ssize_t entries;
} TableObject;

static inline size_t hash_shape(u64 a, u64 b) {
    u64 h = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
    return (size_t)(h ^ (h >> 29));
}

static Bucket *find_bucket(TableObject *table, u64 a, u64 b, int create) {
    if (create && (table->filled + 1) * 2 > table->size) {
        size_t old_size = table->size;
        Bucket *old = table->buckets;
        size_t size = old_size ? old_size * 2 : 1024;
        Bucket *buckets = (Bucket *)calloc(size, sizeof(Bucket));
        if (!buckets)
            return NULL;
        for (size_t i = 0; i < old_size; i++) {
            if (!old[i].used)
                continue;
            size_t slot = hash_shape(old[i].key_a, old[i].key_b) & (size - 1);
            while (buckets[slot].used)
                slot = (slot + 1) & (size - 1);
            buckets[slot] = old[i];
        }
        free(old);
        table->buckets = buckets;
        table->size = size;
    }
    if (!table->size)
        return NULL;
    size_t mask = table->size - 1;
    size_t slot = hash_shape(a, b) & mask;
    while (table->buckets[slot].used) {
        Bucket *bucket = &table->buckets[slot];
        if (bucket->key_a == a && bucket->key_b == b)
            return bucket;
        slot = (slot + 1) & mask;
    }
    if (!create)
        return NULL;
    Bucket *bucket = &table->buckets[slot];
    bucket->used = 1;
    bucket->key_a = a;
    bucket->key_b = b;
    bucket->entries = NULL;
    bucket->count = bucket->capacity = bucket->start = 0;
    table->filled++;
    return bucket;
}

static inline Entry *entry_at(Bucket *bucket, int index) {
    int physical = bucket->start + index;
    if (physical >= bucket->capacity)
        physical -= bucket->capacity;
    return &bucket->entries[physical];
}

/* BridgeTable.bounds: North-South's bounds and the oldest matching best lead. */
static void table_bounds(TableObject *table, const u64 *hands, int leader, int *low_out,
                         int *high_out, int *best_out) {
    u64 code[5];
    describe(hands, leader, code);
    int low = 0, high = hand_size(hands[leader]), best = -1;
    Bucket *bucket = find_bucket(table, code[3], code[4], 0);
    if (bucket) {
        for (int i = 0; i < bucket->count; i++) {
            Entry *entry = entry_at(bucket, i);
            u64 region = entry->region;
            if ((code[0] & region) == entry->north && (code[1] & region) == entry->east &&
                (code[2] & region) == entry->south) {
                low = imax(low, entry->low);
                high = imin(high, entry->high);
                if (best < 0 && entry->best >= 0) {
                    int card = absolute(hands, entry->best);
                    if (card >= 0 && (hands[leader] >> card & 1))
                        best = card;
                }
            }
        }
    }
    *low_out = low;
    *high_out = high;
    *best_out = best;
}

/* BridgeTable.store_code; returns -1 when memory runs out. */
static int table_store(TableObject *table, const u64 *code, const u64 *hands, u64 relevant,
                       int low, int high, int best) {
    u64 region = region_of(hands, relevant);
    u64 north = code[0] & region, east = code[1] & region, south = code[2] & region;
    int best_code = best >= 0 ? relative(hands, best) : -1;
    Bucket *bucket = find_bucket(table, code[3], code[4], 1);
    if (!bucket)
        return -1;
    for (int i = 0; i < bucket->count; i++) {
        Entry *entry = entry_at(bucket, i);
        if (entry->region == region && entry->north == north && entry->east == east &&
            entry->south == south) {
            entry->low = (int8_t)imax(entry->low, low);
            entry->high = (int8_t)imin(entry->high, high);
            if (best_code >= 0)
                entry->best = (int8_t)best_code;
            return 0;
        }
    }
    Entry *slot;
    if (bucket->count >= ENTRIES_PER_SHAPE) {
        /* pop(0) and append: the oldest goes, the new entry becomes the newest. */
        slot = &bucket->entries[bucket->start];
        bucket->start = (int16_t)((bucket->start + 1) % bucket->capacity);
    } else {
        if (bucket->count == bucket->capacity) {
            int capacity = bucket->capacity ? bucket->capacity * 2 : 4;
            if (capacity > ENTRIES_PER_SHAPE)
                capacity = ENTRIES_PER_SHAPE;
            Entry *entries = (Entry *)realloc(bucket->entries, capacity * sizeof(Entry));
            if (!entries)
                return -1;
            bucket->entries = entries;
            bucket->capacity = (int16_t)capacity;
        }
        slot = &bucket->entries[bucket->count];
        bucket->count++;
        table->entries++;
    }
    slot->region = region;
    slot->north = north;
    slot->east = east;
    slot->south = south;
    slot->low = (int8_t)low;
    slot->high = (int8_t)high;
    slot->best = (int8_t)best_code;
    return 0;
}

static void table_clear(TableObject *table) {
    for (size_t i = 0; i < table->size; i++)
        if (table->buckets[i].used)
            free(table->buckets[i].entries);
    free(table->buckets);
    table->buckets = NULL;
    table->size = table->filled = 0;
    table->entries = 0;
}

static void Table_dealloc(TableObject *self) {
    table_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, ":Table", keywords))
        return NULL;
    TableObject *self = (TableObject *)type->tp_alloc(type, 0);
    if (self) {
        self->buckets = NULL;
        self->size = self->filled = 0;
        self->entries = 0;
    }
    return (PyObject *)self;
}

static Py_ssize_t Table_len(TableObject *self) { return self->entries; }

static PySequenceMethods Table_as_sequence = {
    .sq_length = (lenfunc)Table_len,
};

static PyObject *Table_bounds(TableObject *self, PyObject *args);

static PyMethodDef Table_methods[] = {
    {"bounds", (PyCFunction)Table_bounds, METH_VARARGS,
     "bounds(hands, leader) -> (low, high, best): as BridgeTable.bounds."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cardgames.bridge._ddcore.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The transposition table of the C search (see search_table.BridgeTable).",
    .tp_new = Table_new,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_as_sequence = &Table_as_sequence,
    .tp_methods = Table_methods,
};

/* -------------------------------------------------------------------- search.py */

typedef struct {
    PyObject_HEAD TableObject *table;
    int trump, side;
    i64 nodes, tricks, limit;
    double until;
    int timed, stopped, failed;
    u64 hands[4];
    int leader, count, lead_suit, win_card, win_seat;
    u64 played, relevant;
    int killers[14];
    PyObject *clock; /* time.perf_counter */
} CoreObject;

static int follow(CoreObject *c, int target);

/* The node check: 0 to go on, 1 when the budget is spent (c->stopped is then set). */
static inline int check(CoreObject *c) {
    i64 nodes = c->nodes;
    if (nodes >= c->limit) {
        c->stopped = 1;
        return 1;
    }
    if (c->timed && (nodes & CLOCK_EVERY) == 0) {
        PyObject *now = PyObject_CallNoArgs(c->clock);
        if (!now) {
            c->stopped = c->failed = 1;
            return 1;
        }
        double seconds = PyFloat_AsDouble(now);
        Py_DECREF(now);
        if (seconds > c->until) {
            c->stopped = 1;
            return 1;
        }
    }
    c->nodes = nodes + 1;
    return 0;
}

static inline u64 alike(u64 child, int card) {
    int shift = 13 * (card / 13);
    u64 wanted = (child >> shift) & SUIT_BITS;
    int lowest = wanted ? lowest_bit(wanted) : 13;
    if (card - shift >= lowest)
        return 0;
    return (((u64)1 << lowest) - 1) << shift;
}

static int lead(CoreObject *c, int target) {
    if (check(c))
        return STOPPED;
    u64 *hands = c->hands;
    int leader = c->leader;
    int left = hand_size(hands[leader]);
    c->relevant = 0;
    STAT(S_LEAD);
    STAT(S_LEFT + left);
    if (left == 0 || target <= 0) {
        STAT(S_LEAD_TRIVIAL);
        return 0;
    }
    if (target > left) {
        STAT(S_LEAD_TRIVIAL);
        return left;
    }
    int maximising = (leader & 1) == c->side;
    int trump = c->trump;
    int need = maximising ? target : left - target + 1;
    u64 quick_cards;
    int quick = quick_tricks(hands, leader, trump, need, &quick_cards);
    if (maximising) {
        if (quick >= target) {
            STAT(S_LEAD_QUICK);
            c->relevant = quick_cards;
            return quick;
        }
    } else if (left - quick < target) {
        STAT(S_LEAD_QUICK);
        c->relevant = quick_cards;
        return left - quick;
    }
    u64 sure_cards;
    int sure = sure_trumps(hands, (leader + 1) & 3, trump, left - need + 1, &sure_cards);
    if (sure == 0) {
        sure_cards = lead_loser(hands, leader, trump);
        if (sure_cards) {
            sure = 1;
        } else if (maximising ? target == left : target == 1) {
            sure_cards = guarded_trump(hands, leader, trump);
            if (sure_cards)
                sure = 1;
        }
    }
    if (sure) {
        if (maximising) {
            if (left - sure < target) {
                STAT(S_LEAD_LATER);
                c->relevant = sure_cards;
                return left - sure;
            }
        } else if (sure >= target) {
            STAT(S_LEAD_LATER);
            c->relevant = sure_cards;
            return sure;
        }
    }
    if (trump != NO_TRUMP) {
        sure = sure_trumps(hands, leader, trump, need, &sure_cards);
        if (maximising) {
            if (sure >= target) {
                STAT(S_LEAD_OWN_TRUMPS);
                c->relevant = sure_cards;
                return sure;
            }
        } else if (left - sure < target) {
            STAT(S_LEAD_OWN_TRUMPS);
            c->relevant = sure_cards;
            return left - sure;
        }
    }
    u64 code[5];
    describe(hands, leader, code);
    int flip = c->side == 1;
    int hint = -1;
    Bucket *bucket = find_bucket(c->table, code[3], code[4], 0);
    if (bucket) {
        for (int i = bucket->count - 1; i >= 0; i--) {
            Entry *entry = entry_at(bucket, i);
            u64 region = entry->region;
            if ((code[0] & region) != entry->north || (code[1] & region) != entry->east ||
                (code[2] & region) != entry->south)
                continue;
            int low = flip ? left - entry->high : entry->low;
            if (low >= target) {
                STAT(S_LEAD_TABLE);
                c->relevant = absolute_region(hands, region);
                return low;
            }
            int high = flip ? left - entry->low : entry->high;
            if (high < target) {
                STAT(S_LEAD_TABLE);
                c->relevant = absolute_region(hands, region);
                return high;
            }
            if (hint < 0 && entry->best >= 0) {
                int card = absolute(hands, entry->best);
                if (card >= 0 && (hands[leader] >> card & 1))
                    hint = card;
            }
        }
    }
    int best = maximising ? -1 : 99;
    int best_move = -1;
    u64 hand = hands[leader];
    u64 relevant = 0;
    u64 skip = 0;
    int moves[16];
    int n = lead_moves(hands, leader, hint, trump, c->killers[left], moves);
    int tried = 0;
    (void)tried;
    for (int i = 0; i < n; i++) {
        int move = moves[i];
        int card = move & 63;
        if (skip >> card & 1) {
            STAT(S_LEAD_SKIPPED);
            continue;
        }
        STAT(S_LEAD_MOVES);
#ifdef DD_STATS
        tried++;
#endif
        u64 bit = 1ULL << card;
        hands[leader] = hand ^ bit;
        c->lead_suit = card / 13;
        c->win_card = card;
        c->win_seat = leader;
        c->count = 1;
        c->played = bit;
        int value = follow(c, target);
        if (c->stopped)
            return STOPPED;
        hands[leader] = hand;
        c->count = 0;
        c->played = 0;
        if (maximising) {
            if (value > best) {
                best = value;
                best_move = card;
            }
            if (value >= target) {
                relevant = c->relevant;
                c->killers[left] = card;
                STAT(S_LEAD_CUT);
#ifdef DD_STATS
                if (tried == 1)
                    STAT(S_LEAD_FIRST_CUT);
#endif
                goto searched;
            }
        } else {
            if (value < best) {
                best = value;
                best_move = card;
            }
            if (value < target) {
                relevant = c->relevant;
                c->killers[left] = card;
                STAT(S_LEAD_CUT);
#ifdef DD_STATS
                if (tried == 1)
                    STAT(S_LEAD_FIRST_CUT);
#endif
                goto searched;
            }
        }
        u64 child = c->relevant;
        relevant |= child;
        skip |= alike(child, card);
        int low_card = (move >> 6) & 63;
        if (!(skip >> card & 1) && low_card != NONE)
            relevant |= 1ULL << low_card;
    }
    STAT(S_LEAD_ALL);
searched:;
    int low, high;
    if (best >= target) {
        low = best;
        high = left;
    } else {
        low = 0;
        high = best;
    }
    if (flip) {
        int swap = low;
        low = left - high;
        high = left - swap;
    }
    if (table_store(c->table, code, hands, relevant, low, high, best_move) < 0) {
        c->stopped = c->failed = 1;
        PyErr_NoMemory();
        return STOPPED;
    }
    c->relevant = relevant;
    return best;
}

static int follow(CoreObject *c, int target) {
    if (check(c))
        return STOPPED;
    u64 *hands = c->hands;
    int count = c->count;
    int leader = c->leader;
    int seat = (leader + count) & 3;
    u64 hand = hands[seat];
    int lead_suit = c->lead_suit;
    int win_card = c->win_card;
    int win_seat = c->win_seat;
    u64 played = c->played;
    int trump = c->trump;
    int side = c->side;
    int maximising = (seat & 1) == side;
    STAT(S_FOLLOW1 + count - 1);
    if (count == 1) {
        int left = hand_size(hand);
        int need = maximising ? target : left - target + 1;
        u64 sure_cards;
        int sure = second_hand_tricks(hands, seat, win_card, trump, need, &sure_cards);
        if (sure) {
            if (maximising) {
                if (sure >= target) {
                    STAT(S_SECOND_QUICK);
                    c->relevant = sure_cards;
                    return sure;
                }
            } else if (left - sure < target) {
                STAT(S_SECOND_QUICK);
                c->relevant = sure_cards;
                return left - sure;
            }
        }
    }
    u64 follow_cards = hand & (SUIT_BITS << (13 * lead_suit));
    int moves[16];
    int n = follow_moves(hands, seat, follow_cards ? follow_cards : hand, played, win_card,
                         win_seat, trump, lead_suit, 3 - count, moves);
    int best = maximising ? -1 : 99;
    u64 relevant = 0;
    u64 skip = 0;
    int tried = 0;
    (void)tried;
    for (int i = 0; i < n; i++) {
        int move = moves[i];
        int card = move & 63;
        if (skip >> card & 1) {
            STAT(S_FOLLOW_SKIPPED);
            continue;
        }
        STAT(S_FOLLOW_MOVES);
#ifdef DD_STATS
        tried++;
#endif
        u64 bit = 1ULL << card;
        hands[seat] = hand ^ bit;
        int suit = card / 13;
        int new_card, new_seat;
        if ((suit == win_card / 13 && card > win_card) || (suit == trump && win_card / 13 != trump)) {
            new_card = card;
            new_seat = seat;
        } else {
            new_card = win_card;
            new_seat = win_seat;
        }
        int value;
        if (count == 3) {
            c->tricks++;
            int won = (new_seat & 1) == side ? 1 : 0;
            u64 win_suit_cards = ((played | bit) >> (13 * (new_card / 13))) & SUIT_BITS;
            c->leader = new_seat;
            c->count = 0;
            c->played = 0;
            value = lead(c, target - won);
            if (c->stopped)
                return STOPPED;
            value += won;
            if (win_suit_cards & (win_suit_cards - 1))
                c->relevant |= 1ULL << new_card;
            c->leader = leader;
        } else {
            c->count = count + 1;
            c->win_card = new_card;
            c->win_seat = new_seat;
            c->played = played | bit;
            value = follow(c, target);
            if (c->stopped)
                return STOPPED;
        }
        c->count = count;
        c->lead_suit = lead_suit;
        c->win_card = win_card;
        c->win_seat = win_seat;
        c->played = played;
        hands[seat] = hand;
        if (maximising) {
            if (value > best)
                best = value;
            if (value >= target) {
                relevant = c->relevant;
                goto cut;
            }
        } else {
            if (value < best)
                best = value;
            if (value < target) {
                relevant = c->relevant;
                goto cut;
            }
        }
        u64 child = c->relevant;
        relevant |= child;
        skip |= alike(child, card);
        int low_card = (move >> 6) & 63;
        if (!(skip >> card & 1) && low_card != NONE)
            relevant |= 1ULL << low_card;
    }
    STAT(S_FOLLOW_ALL);
    c->relevant = relevant;
    return best;
cut:
    STAT(S_FOLLOW_CUT);
#ifdef DD_STATS
    if (tried == 1)
        STAT(S_FOLLOW_FIRST_CUT);
#endif
    c->relevant = relevant;
    return best;
}

/* ------------------------------------------------------------------ Python glue */

static int read_hands(PyObject *sequence, Py_ssize_t size, i64 *out, const char *what) {
    PyObject *items = PySequence_Fast(sequence, what);
    if (!items)
        return -1;
    if (PySequence_Fast_GET_SIZE(items) < size) {
        Py_DECREF(items);
        PyErr_Format(PyExc_ValueError, "%s: expected at least %zd ints", what, size);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        long long value = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(items, i));
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return -1;
        }
        out[i] = value;
    }
    Py_DECREF(items);
    return 0;
}

static PyObject *Table_bounds(TableObject *self, PyObject *args) {
    PyObject *hands_object;
    int leader;
    if (!PyArg_ParseTuple(args, "Oi:bounds", &hands_object, &leader))
        return NULL;
    i64 values[4];
    if (read_hands(hands_object, 4, values, "hands") < 0)
        return NULL;
    u64 hands[4];
    for (int i = 0; i < 4; i++)
        hands[i] = (u64)values[i];
    int low, high, best;
    table_bounds(self, hands, leader & 3, &low, &high, &best);
    return Py_BuildValue("iii", low, high, best);
}

/* The position list of BridgeModel: hands, leader, count, three trick slots, banked. */
static int load(CoreObject *c, PyObject *position) {
    i64 values[9];
    if (read_hands(position, 9, values, "position") < 0)
        return -1;
    for (int seat = 0; seat < 4; seat++)
        c->hands[seat] = (u64)values[seat];
    int leader = (int)(values[4] & 3);
    int count = (int)values[5];
    c->leader = leader;
    c->count = count;
    c->played = 0;
    if (count) {
        int first = (int)values[6];
        c->lead_suit = first / 13;
        int win_card = first, win_seat = leader;
        for (int slot = 0; slot < count; slot++) {
            int card = (int)values[6 + slot];
            c->played |= 1ULL << card;
            if ((card / 13 == win_card / 13 && card > win_card) ||
                (card / 13 == c->trump && win_card / 13 != c->trump)) {
                win_card = card;
                win_seat = (leader + slot) & 3;
            }
        }
        c->win_card = win_card;
        c->win_seat = win_seat;
    }
    return 0;
}

static int is_over(CoreObject *c) {
    return c->count == 0 && (c->hands[0] | c->hands[1] | c->hands[2] | c->hands[3]) == 0;
}

static PyObject *Core_probe(CoreObject *self, PyObject *args) {
    PyObject *position;
    int target;
    long long limit;
    double until;
    if (!PyArg_ParseTuple(args, "OiLd:probe", &position, &target, &limit, &until))
        return NULL;
    if (load(self, position) < 0)
        return NULL;
    if (is_over(self))
        return PyLong_FromLong(0);
    self->limit = limit < 0 ? NO_LIMIT : (i64)limit;
    self->timed = until >= 0;
    self->until = until;
    self->stopped = self->failed = 0;
    int value = self->count == 0 ? lead(self, target) : follow(self, target);
    if (self->failed)
        return NULL;
    if (self->stopped)
        Py_RETURN_NONE;
    return PyLong_FromLong(value);
}

static PyObject *Core_hint(CoreObject *self, PyObject *args) {
    PyObject *position;
    if (!PyArg_ParseTuple(args, "O:hint", &position))
        return NULL;
    if (load(self, position) < 0)
        return NULL;
    if (is_over(self))
        return PyLong_FromLong(-1);
    u64 *hands = self->hands;
    int moves[16];
    if (self->count) {
        int seat = (self->leader + self->count) & 3;
        u64 hand = hands[seat];
        u64 follow_cards = hand & (SUIT_BITS << (13 * self->lead_suit));
        follow_moves(hands, seat, follow_cards ? follow_cards : hand, self->played,
                     self->win_card, self->win_seat, self->trump, self->lead_suit,
                     3 - self->count, moves);
        return PyLong_FromLong(moves[0] & 63);
    }
    int low, high, best;
    table_bounds(self->table, hands, self->leader, &low, &high, &best);
    int killer = self->killers[hand_size(hands[self->leader])];
    lead_moves(hands, self->leader, best, self->trump, killer, moves);
    return PyLong_FromLong(moves[0] & 63);
}

static PyObject *Core_get_nodes(CoreObject *self, void *closure) {
    return PyLong_FromLongLong(self->nodes);
}

static int Core_set_nodes(CoreObject *self, PyObject *value, void *closure) {
    if (!value) {
        PyErr_SetString(PyExc_AttributeError, "nodes cannot be deleted");
        return -1;
    }
    long long nodes = PyLong_AsLongLong(value);
    if (nodes == -1 && PyErr_Occurred())
        return -1;
    self->nodes = nodes;
    return 0;
}

static PyObject *Core_get_tricks(CoreObject *self, void *closure) {
    return PyLong_FromLongLong(self->tricks);
}

static PyObject *Core_get_table(CoreObject *self, void *closure) {
    Py_INCREF(self->table);
    return (PyObject *)self->table;
}

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, (setter)Core_set_nodes, "Nodes searched.", NULL},
    {"tricks", (getter)Core_get_tricks, NULL, "Tricks completed in the search.", NULL},
    {"table", (getter)Core_get_table, NULL, "The transposition table.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Core_methods[] = {
    {"probe", (PyCFunction)Core_probe, METH_VARARGS,
     "probe(position, target, node_limit, deadline) -> value, or None when a limit stops "
     "it (node_limit -1 and deadline -1.0: none)."},
    {"hint", (PyCFunction)Core_hint, METH_VARARGS, "hint(position) -> the card to try first."},
    {NULL, NULL, 0, NULL},
};

static int Core_traverse(CoreObject *self, visitproc visit, void *arg) {
    Py_VISIT(self->table);
    Py_VISIT(self->clock);
    return 0;
}

static int Core_clear(CoreObject *self) {
    Py_CLEAR(self->table);
    Py_CLEAR(self->clock);
    return 0;
}

static void Core_dealloc(CoreObject *self) {
    PyObject_GC_UnTrack(self);
    Core_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Core_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *keywords[] = {"trump", "side", "table", NULL};
    int trump, side;
    PyObject *table;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "iiO!:Core", keywords, &trump, &side,
                                     &TableType, &table))
        return NULL;
    if (trump < 0 || trump > 4 || side < 0 || side > 1) {
        PyErr_SetString(PyExc_ValueError, "trump must be 0 to 4 and side 0 or 1");
        return NULL;
    }
    PyObject *time_module = PyImport_ImportModule("time");
    if (!time_module)
        return NULL;
    PyObject *clock = PyObject_GetAttrString(time_module, "perf_counter");
    Py_DECREF(time_module);
    if (!clock)
        return NULL;
    CoreObject *self = (CoreObject *)type->tp_alloc(type, 0);
    if (!self) {
        Py_DECREF(clock);
        return NULL;
    }
    Py_INCREF(table);
    self->table = (TableObject *)table;
    self->clock = clock;
    self->trump = trump;
    self->side = side;
    self->nodes = self->tricks = 0;
    for (int i = 0; i < 14; i++)
        self->killers[i] = -1;
    return (PyObject *)self;
}

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "cardgames.bridge._ddcore.Core",
    .tp_basicsize = sizeof(CoreObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The C search of one strain and declaring side (see search.BridgeSearch).",
    .tp_new = Core_new,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_traverse = (traverseproc)Core_traverse,
    .tp_clear = (inquiry)Core_clear,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

#ifdef DD_STATS
static PyObject *stats(PyObject *module, PyObject *unused) {
    PyObject *out = PyList_New(S_COUNT);
    if (!out)
        return NULL;
    for (int i = 0; i < S_COUNT; i++) {
        PyList_SET_ITEM(out, i, PyLong_FromLongLong(STATS[i]));
        STATS[i] = 0;
    }
    return out;
}

static PyMethodDef module_methods[] = {
    {"stats", stats, METH_NOARGS, "The counts so far (and reset them)."},
    {NULL, NULL, 0, NULL},
};
#endif

static struct PyModuleDef ddcore_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "cardgames.bridge._ddcore",
    .m_doc = "The bridge double-dummy search in C: see cardgames.bridge.search_native.",
    .m_size = -1,
#ifdef DD_STATS
    .m_methods = module_methods,
#endif
};

PyMODINIT_FUNC PyInit__ddcore(void) {
    make_pext(PEXT_LOW, 7);
    make_pext(PEXT_HIGH, 6);
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&CoreType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&ddcore_module);
    if (!module)
        return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(module, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(module, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "ENTRIES_PER_SHAPE", ENTRIES_PER_SHAPE) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
