/* The solver's compiled search as plain WebAssembly: src/canfield/solver/_core.c, unchanged,
 * behind a plain C interface instead of its Python types (web/wasm/shim/Python.h stands in for
 * <Python.h>), so clang can build it for wasm32 without a Python to link against.
 *
 *   cf_search(spec, length, known) -> a search of the position `spec` describes (the arguments
 *       canfield.solver.search._core_search passes to _core.Search, packed by
 *       canfield.web.wasm_core), sharing `known` (a table, or 0) as its table; 0 if refused
 *   cf_advance(search, stop, steps) -> at most `steps` more steps (stop: the search's bound on
 *       positions in all, < 0 for none): 0 more to do, 1 won, 2 lost, 3 stopped, -1 no memory
 *   cf_nodes, cf_verdict, cf_line (the won line's (card, target) bytes), cf_cut (the same
 *       without its detours, _core.c's cut_line; cf_cut_len -1 when there is none), cf_table,
 *       cf_release
 *
 * cf_search reads the packed spec where _core.c's search_init reads Python values (the rules'
 * whole numbers and the option flags by _core.c's RULE_INTS, OPTION_FLAGS and OPTION_INTS, in order),
 * then starts the search with _core.c's own start_search; the search itself is _core.c's code.
 */
#include "_core.c"

typedef struct {
    const uint8_t *at, *end;
    int bad;
} Spec;

static int32_t spec_int(Spec *r) {
    if (r->end - r->at < 4) {
        r->bad = 1;
        return 0;
    }
    int32_t v;
    memcpy(&v, r->at, 4);
    r->at += 4;
    return v;
}

static long long spec_long(Spec *r) {
    long long lo = (uint32_t)spec_int(r);
    long long hi = spec_int(r);
    return (long long)((uint64_t)hi << 32 | (uint64_t)lo);
}

/* A card string: a length byte, then that many cards (each < 52), at most `most`. */
static int spec_cards(Spec *r, uint8_t *out, int most) {
    if (r->at >= r->end) {
        r->bad = 1;
        return -1;
    }
    int n = *r->at++;
    if (n > most || r->end - r->at < n) {
        r->bad = 1;
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (r->at[i] >= NCARDS) {
            r->bad = 1;
            return -1;
        }
        out[i] = r->at[i];
    }
    r->at += n;
    return n;
}

static int spec_table(Spec *r, uint8_t table[NCARDS][NCARDS], uint8_t *lens) {
    for (int c = 0; c < NCARDS; c++) {
        int n = spec_cards(r, table[c], NCARDS);
        if (n < 0) return -1;
        lens[c] = (uint8_t)n;
    }
    return 0;
}

typedef struct {
    SearchObject s;
    int own_table;
    size_t nline;
    uint8_t *line; /* the won line's (card, target) bytes: as long as the stack (millions, some) */
    long ncut;     /* the same for the line without its detours (_core.c's cut_line); -1: none */
    uint8_t *cut;
} WasmSearch;

__attribute__((export_name("cf_alloc"))) void *cf_alloc(size_t n) { return malloc(n); }
__attribute__((export_name("cf_dealloc"))) void cf_dealloc(void *p) { free(p); }

__attribute__((export_name("cf_table_new"))) TableObject *cf_table_new(void) { return table_new(); }

__attribute__((export_name("cf_table_len"))) double cf_table_len(TableObject *t) {
    return (double)t->count;
}

__attribute__((export_name("cf_table_free"))) void cf_table_free(TableObject *t) {
    if (t) table_dealloc(t);
}

__attribute__((export_name("cf_search"))) WasmSearch *cf_search(const uint8_t *spec, int length,
                                                                TableObject *known) {
    Spec r = {spec, spec + length, 0};
    WasmSearch *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    SearchObject *s = &w->s;
    Rules *R = &s->rules;
    for (int i = 0; i < NRULE_INTS; i++) *field_at(R, &RULE_INTS[i]) = spec_int(&r);
    if (spec_table(&r, R->parents, R->nparents) < 0 || spec_table(&r, R->children, R->nchildren) < 0)
        goto refused;
    if (spec_cards(&r, R->alias, NCARDS) != NCARDS) goto refused;
    for (int i = 0; i < NOPTION_FLAGS; i++) *field_at(s, &OPTION_FLAGS[i]) = spec_int(&r) != 0;
    for (int i = 0; i < NOPTION_INTS; i++) *field_at(s, &OPTION_INTS[i]) = spec_int(&r);
    unsigned long long seed = (unsigned long long)spec_long(&r);
    s->shuffle = seed != 0;
    s->rng = seed;
    s->table_limit = spec_long(&r);
    long long probe = spec_long(&r);
    Pos p;
    memset(&p, 0, sizeof p);
    int n = spec_cards(&r, p.talon, NCARDS);
    int pointer = spec_int(&r);
    int recycles = spec_int(&r);
    s->reserve_size = spec_cards(&r, s->reserve, NCARDS);
    int nf = spec_cards(&r, p.found, 4);
    for (int k = 0; k < 4; k++) p.len[k] = (uint8_t)spec_cards(&r, p.cols[k], NCARDS);
    if (r.bad || r.at != r.end || nf != 4) goto refused;
    p.talon_len = (uint8_t)n;
    w->own_table = known == NULL;
    if (start_search(s, &p, pointer, recycles, probe, known) < 0) goto refused;
    return w;
refused:
    release_search(s);
    if (w->own_table) cf_table_free(s->table);
    cf_table_free(s->lost);
    free(w);
    return NULL;
}

__attribute__((export_name("cf_advance"))) int cf_advance(WasmSearch *w, double stop, int steps) {
    SearchObject *s = &w->s;
    if (s->verdict != UNKNOWN) return s->verdict;
    long long nodes = s->nodes;
    Cand winning = {0, 0, 0, 0};
    int status = advance(s, &nodes, stop < 0 ? -1 : (long long)stop, &winning, steps);
    s->nodes = nodes;
    if (status == STEP_WON) {
        size_t n = s->nframes;
        free(w->line);
        w->nline = 0;
        w->line = malloc(2 * n);
        Cand *line = malloc(n * sizeof(Cand)), *cut = malloc(n * sizeof(Cand));
        if (!w->line || !line || !cut) {
            free(line);
            free(cut);
            return STEP_NOMEM; /* as a search out of memory: the caller raises */
        }
        for (size_t i = 1; i <= n; i++) {
            Cand c = i < n ? s->frames[i].move : winning;
            line[i - 1] = c;
            w->line[w->nline++] = c.card;
            w->line[w->nline++] = (uint8_t)c.target;
        }
        if (line_placed(line, n)) w->nline = 0; /* P11: a won node is no win */
        free(w->cut);
        w->ncut = s->blind || s->tracked ? -1 : cut_line(s, line, n, cut);
        w->cut = w->ncut < 0 ? NULL : malloc(2 * (size_t)w->ncut + 1);
        if (!w->cut) w->ncut = -1; /* without memory for it: shorten.py makes it */
        for (long i = 0; i < w->ncut; i++) {
            w->cut[2 * i] = cut[i].card;
            w->cut[2 * i + 1] = (uint8_t)cut[i].target;
        }
        free(line);
        free(cut);
    }
    if (status == STEP_WON || status == STEP_LOST) {
        s->verdict = status == STEP_WON ? WON : LOST;
        release_search(s);
        free_prober(s->prober);
        s->prober = NULL;
    }
    return status;
}

__attribute__((export_name("cf_nodes"))) double cf_nodes(WasmSearch *w) { return (double)w->s.nodes; }
__attribute__((export_name("cf_verdict"))) int cf_verdict(WasmSearch *w) { return w->s.verdict; }
__attribute__((export_name("cf_line"))) const uint8_t *cf_line(WasmSearch *w) { return w->line; }
__attribute__((export_name("cf_line_len"))) int cf_line_len(WasmSearch *w) { return (int)w->nline; }
__attribute__((export_name("cf_cut"))) const uint8_t *cf_cut(WasmSearch *w) { return w->cut; }
__attribute__((export_name("cf_cut_len"))) int cf_cut_len(WasmSearch *w) {
    return w->ncut < 0 ? -1 : (int)(2 * w->ncut);
}
__attribute__((export_name("cf_table"))) TableObject *cf_table(WasmSearch *w) { return w->s.table; }

/* Free the search; its table too unless it was a shared `known` one (the caller's). */
__attribute__((export_name("cf_release"))) void cf_release(WasmSearch *w) {
    if (!w) return;
    SearchObject *s = &w->s;
    release_search(s);
    free_prober(s->prober);
    cf_table_free(s->lost);
    if (w->own_table) cf_table_free(s->table);
    free(w->line);
    free(w->cut);
    free(w);
}
