-- A settled auction takes no bid and no buy now, whatever the caller's clock says. The decision compares
-- the end with the clock of the process that asks (p_now); in a cluster whose machines' clocks differ,
-- or after a clock stepped back, a process behind the closer's could have a bid accepted on an auction
-- the closer had already settled (a fresh-eyes run saw an extended auction recorded as unsold with no
-- bids while its page named a winner). The closer's settlement marks the offer (auction_settled, 0031):
-- both functions now read that mark with the row and answer 'ended'. The functions of 0043 again,
-- with only that added (a migration that has run is history, so it is repeated whole).
CREATE OR REPLACE FUNCTION "auction_decide"(p_offer integer, p_user integer, p_kind text, p_amount integer,
  p_now timestamptz, p_start timestamptz, p_window_ms integer, p_extension_ms integer)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_o record;
  v_cur integer;
  v_cnt integer;
  v_lead integer;
  v_min integer;
  v_lowest integer;
  v_unchanged boolean := false;
  m_user integer[];
  m_max integer[];
  m_seq integer[];
  v_own integer;
  v_new_seq integer;
  b_user integer[] := '{}';
  b_price integer[] := '{}';
  b_loser integer[] := '{}';
  b_loser_price integer[] := '{}';
  v_bid_user integer;
  v_bid_price integer;
  v_order bigint[];
  v_loser integer;
  v_k integer := 0;
  v_end timestamptz;
  v_exceeded jsonb := '[]';
  v_outbid jsonb := '{}';
  v_pending jsonb := '[]';
  v_notices jsonb := '[]';
  v_own_exceeded boolean := false;
  v_now timestamptz := p_now;
BEGIN
  -- First a look without the lock: a retry of an accepted bid and a bid already too low are answered
  -- without taking it (prices only rise), so refusals never queue behind the accepted bids.
  FOR v_pass IN 1..2 LOOP
    IF v_pass = 1 THEN
      SELECT id, sale_type, status, auction_start, auction_end, starting_price, current_price, bid_count,
          leader_user_id, min_increment, proxy_version, make, model, version, reserve_price, buy_now_price, auction_settled
        INTO v_o FROM offers WHERE id = p_offer;
    ELSE
      SELECT id, sale_type, status, auction_start, auction_end, starting_price, current_price, bid_count,
          leader_user_id, min_increment, proxy_version, make, model, version, reserve_price, buy_now_price, auction_settled
        INTO v_o FROM offers WHERE id = p_offer FOR UPDATE;
    END IF;
    IF NOT FOUND THEN RETURN jsonb_build_object('refused', 'missing'); END IF;
    IF v_o.sale_type <> 'auction' OR v_o.auction_start IS NULL OR v_o.auction_end IS NULL
        OR v_o.starting_price IS NULL THEN
      RETURN jsonb_build_object('refused', 'notAnAuction');
    END IF;
    IF v_o.auction_start IS DISTINCT FROM p_start THEN
      RETURN jsonb_build_object('refused', 'start', 'start', round(extract(epoch FROM v_o.auction_start) * 1000));
    END IF;
    IF v_pass = 2 THEN
      -- The caller read its clock before waiting for the lock: a decision is never dated before the
      -- auction's last bid (the highest), so the bids' times rise with their prices.
      v_now := greatest(p_now, (SELECT b.created_at FROM bids b WHERE b.offer_id = p_offer ORDER BY b.price DESC LIMIT 1));
    END IF;
    v_cnt := v_o.bid_count;
    v_cur := CASE WHEN v_cnt > 0 AND v_o.current_price IS NOT NULL THEN v_o.current_price ELSE v_o.starting_price END;
    v_lead := CASE WHEN v_cnt > 0 THEN v_o.leader_user_id END;
    -- A retry of a bid that was accepted before (its answer was lost): answered again, nothing changes.
    IF p_kind = 'bid' AND EXISTS (SELECT 1 FROM bids b
        WHERE b.offer_id = p_offer AND b.user_id = p_user AND b.price = p_amount) THEN
      v_unchanged := true;
      EXIT;
    END IF;
    IF v_o.status = 'withdrawn' THEN RETURN jsonb_build_object('refused', 'notAnAuction'); END IF;
    IF v_now < v_o.auction_start THEN RETURN jsonb_build_object('refused', 'notStarted'); END IF;
    IF v_o.status <> 'active' OR v_o.auction_settled OR v_now >= v_o.auction_end THEN RETURN jsonb_build_object('refused', 'ended'); END IF;
    v_min := auction_min_next_bid(v_cnt, v_cur, v_o.starting_price, v_o.min_increment);
    IF p_kind = 'bid' AND p_amount < v_min THEN
      RETURN jsonb_build_object('refused', 'tooLow', 'minimum', v_min);
    END IF;
  END LOOP;

  IF NOT v_unchanged THEN
    -- The live maxima, in the order they were set: a blocked owner's, or one whose company is being
    -- verified again, bids no more.
    SELECT array_agg(p.user_id ORDER BY p.set_seq), array_agg(p.max_price ORDER BY p.set_seq),
        array_agg(p.set_seq ORDER BY p.set_seq)
      INTO m_user, m_max, m_seq
      FROM proxy_bids p JOIN users u ON u.id = p.user_id
      WHERE p.offer_id = p_offer AND p.exceeded_at IS NULL
        AND u.status = 'active' AND u.reverification_requested_at IS NULL;
    m_user := coalesce(m_user, '{}');
    m_max := coalesce(m_max, '{}');
    m_seq := coalesce(m_seq, '{}');
    IF p_kind = 'max' THEN
      v_own := array_position(m_user, p_user);
      IF v_own IS NOT NULL AND m_max[v_own] = p_amount THEN
        v_unchanged := true;
      ELSE
        -- While leading, not below the leading amount; otherwise at least the minimum next bid.
        v_lowest := CASE WHEN v_cnt > 0 AND v_lead = p_user THEN v_cur ELSE v_min END;
        IF p_amount < v_lowest THEN
          RETURN jsonb_build_object('refused', 'maxTooLow', 'minimum', v_lowest, 'leading', v_cnt > 0 AND v_lead = p_user);
        END IF;
        v_new_seq := v_o.proxy_version + 1;
        IF v_own IS NULL THEN
          m_user := array_append(m_user, p_user);
          m_max := array_append(m_max, p_amount);
          m_seq := array_append(m_seq, v_new_seq);
        ELSE
          m_max[v_own] := p_amount;
          m_seq[v_own] := v_new_seq;
        END IF;
      END IF;
    END IF;
  END IF;

  v_end := v_o.auction_end;
  IF NOT v_unchanged THEN
    -- The manual bid, then the proxy answers (proxy.ts: proxyResponse), each applied to the state.
    LOOP
      v_bid_user := NULL;
      IF v_k = 0 AND p_kind = 'bid' THEN
        v_bid_user := p_user;
        v_bid_price := p_amount;
      ELSIF v_k <= cardinality(m_user) + 1 THEN
        v_min := auction_min_next_bid(v_cnt, v_cur, v_o.starting_price, v_o.min_increment);
        -- Someone other than the leader whose maximum reaches the minimum challenges; the challengers
        -- and the leader's own maximum compete, the stronger (higher, then set earlier) first.
        IF EXISTS (SELECT 1 FROM unnest(m_user, m_max) t(u, mx) WHERE t.u IS DISTINCT FROM v_lead AND t.mx >= v_min) THEN
          SELECT array_agg(t.ord ORDER BY t.mx DESC, t.sq) INTO v_order
            FROM unnest(m_user, m_max, m_seq) WITH ORDINALITY t(u, mx, sq, ord)
            WHERE (t.u IS DISTINCT FROM v_lead AND t.mx >= v_min) OR t.u = v_lead;
          -- The least that leads: the minimum, or just beyond the runner-up's maximum; at most the winner's.
          v_bid_price := least(m_max[v_order[1]], greatest(v_min, CASE WHEN cardinality(v_order) > 1
            THEN m_max[v_order[2]] + auction_min_increment(m_max[v_order[2]], v_o.min_increment) ELSE 0 END));
          -- The leader's own maximum bids only to stay beyond a challenger's.
          IF m_user[v_order[1]] IS DISTINCT FROM v_lead OR v_bid_price > v_cur THEN
            v_bid_user := m_user[v_order[1]];
          END IF;
        END IF;
      END IF;
      EXIT WHEN v_bid_user IS NULL;
      v_loser := CASE WHEN v_lead IS NOT NULL AND v_lead <> v_bid_user THEN v_lead END;
      b_user := array_append(b_user, v_bid_user);
      b_price := array_append(b_price, v_bid_price);
      b_loser := array_append(b_loser, v_loser);
      b_loser_price := array_append(b_loser_price, v_cur);
      IF v_loser IS NOT NULL THEN v_outbid := v_outbid || jsonb_build_object(v_loser::text, v_cur); END IF;
      v_cur := v_bid_price;
      v_cnt := v_cnt + 1;
      v_lead := v_bid_user;
      v_k := v_k + 1;
    END LOOP;

    -- Whom to tell: a maximum someone else went above (once per maximum), else an outbid bidder who
    -- does not lead in the end; never the person making this change, who reads the answer.
    IF v_lead IS NOT NULL THEN v_outbid := v_outbid - v_lead::text; END IF;
    v_min := auction_min_next_bid(v_cnt, v_cur, v_o.starting_price, v_o.min_increment);
    FOR v_i IN 1..cardinality(m_user) LOOP
      IF m_user[v_i] IS DISTINCT FROM v_lead AND m_max[v_i] < v_min THEN
        v_exceeded := v_exceeded || jsonb_build_array(jsonb_build_object('userId', m_user[v_i], 'maxPrice', m_max[v_i]));
        v_outbid := v_outbid - m_user[v_i]::text;
        IF m_user[v_i] = p_user THEN
          v_own_exceeded := v_new_seq IS NOT NULL;
        ELSE
          v_pending := v_pending || jsonb_build_array(jsonb_build_object('userId', m_user[v_i], 'kind', 'exceeded', 'price', m_max[v_i]));
        END IF;
      END IF;
    END LOOP;
    SELECT v_pending || coalesce(jsonb_agg(jsonb_build_object('userId', e.key::int, 'kind', 'outbid', 'price', e.value::int)), '[]')
      INTO v_pending FROM jsonb_each_text(v_outbid) e WHERE e.key::int <> p_user;

    -- Anti-sniping: a bid inside the window moves the end to the extension after it, never earlier.
    IF cardinality(b_user) > 0 AND v_o.auction_end - v_now < make_interval(secs => p_window_ms / 1000.0) THEN
      v_end := greatest(v_o.auction_end, v_now + make_interval(secs => p_extension_ms / 1000.0));
    END IF;

    UPDATE offers SET current_price = v_cur, bid_count = v_cnt, leader_user_id = v_lead, auction_end = v_end,
        updated_at = v_now, proxy_version = v_o.proxy_version + CASE WHEN v_new_seq IS NULL THEN 0 ELSE 1 END
      WHERE id = p_offer;
    INSERT INTO bids (offer_id, user_id, price, created_at)
      SELECT p_offer, t.u, t.pr, v_now FROM unnest(b_user, b_price) WITH ORDINALITY t(u, pr, ord) ORDER BY t.ord;
    IF v_new_seq IS NOT NULL THEN
      INSERT INTO proxy_bids (offer_id, user_id, max_price, set_seq, set_at, exceeded_at)
        VALUES (p_offer, p_user, p_amount, v_new_seq, v_now, CASE WHEN v_own_exceeded THEN v_now END)
        ON CONFLICT (offer_id, user_id) DO UPDATE SET max_price = excluded.max_price,
          set_seq = excluded.set_seq, set_at = excluded.set_at, exceeded_at = excluded.exceeded_at;
    END IF;
    UPDATE proxy_bids SET exceeded_at = v_now
      WHERE offer_id = p_offer AND exceeded_at IS NULL
        AND user_id IN (SELECT (e->>'userId')::int FROM jsonb_array_elements(v_exceeded) e)
        AND NOT (v_new_seq IS NOT NULL AND user_id = p_user);
    WITH ins AS (
      INSERT INTO auction_bid_notices (offer_id, user_id, kind, price, current_price, auction_end, created_at)
        SELECT p_offer, (e->>'userId')::int, e->>'kind', (e->>'price')::int, v_cur, v_end, v_now
        FROM jsonb_array_elements(v_pending) e
        RETURNING id, user_id, kind, price)
    SELECT coalesce(jsonb_agg(jsonb_build_object('id', ins.id, 'userId', ins.user_id, 'kind', ins.kind,
        'price', ins.price, 'email', u.email, 'notifications', s.notifications,
        'unsubscribeToken', s.unsubscribe_token)), '[]')
      INTO v_notices
      FROM ins JOIN users u ON u.id = ins.user_id LEFT JOIN account_settings s ON s.user_id = ins.user_id;
  END IF;

  RETURN jsonb_build_object(
    'repeated', v_unchanged,
    'currentPrice', v_cur,
    'bidCount', v_cnt,
    'leaderUserId', v_lead,
    'leaderUtoken', (SELECT utoken FROM users WHERE id = v_lead),
    'startingPrice', v_o.starting_price,
    'minIncrement', v_o.min_increment,
    'end', round(extract(epoch FROM v_end) * 1000),
    'previousEnd', round(extract(epoch FROM v_o.auction_end) * 1000),
    'bids', (SELECT coalesce(jsonb_agg(jsonb_build_object('userId', t.u, 'price', t.pr, 'loser', t.l,
        'loserPrice', t.lp, 'utoken', us.utoken) ORDER BY t.ord), '[]')
      FROM unnest(b_user, b_price, b_loser, b_loser_price) WITH ORDINALITY t(u, pr, l, lp, ord)
      JOIN users us ON us.id = t.u),
    'exceeded', v_exceeded,
    'ownExceeded', v_own_exceeded,
    'notices', v_notices,
    'make', v_o.make, 'model', v_o.model, 'version', v_o.version,
    'reservePrice', v_o.reserve_price, 'buyNowPrice', v_o.buy_now_price);
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION "auction_buy_now"(p_offer integer, p_user integer, p_price integer, p_now timestamptz,
  p_start timestamptz)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_o record;
  v_now timestamptz;
BEGIN
  SELECT id, sale_type, status, auction_start, auction_end, starting_price, current_price, bid_count,
      leader_user_id, reserve_price, buy_now_price, make, model, version, auction_settled
    INTO v_o FROM offers WHERE id = p_offer FOR UPDATE;
  IF NOT FOUND THEN RETURN jsonb_build_object('refused', 'missing'); END IF;
  IF v_o.sale_type <> 'auction' OR v_o.auction_start IS NULL OR v_o.auction_end IS NULL
      OR v_o.starting_price IS NULL OR v_o.status = 'withdrawn' THEN
    RETURN jsonb_build_object('refused', 'notAnAuction');
  END IF;
  IF v_o.auction_start IS DISTINCT FROM p_start THEN
    RETURN jsonb_build_object('refused', 'start', 'start', round(extract(epoch FROM v_o.auction_start) * 1000));
  END IF;
  -- Never dated before the auction's last bid (see auction_decide).
  v_now := greatest(p_now, (SELECT b.created_at FROM bids b WHERE b.offer_id = p_offer ORDER BY b.price DESC LIMIT 1));
  IF v_now < v_o.auction_start THEN RETURN jsonb_build_object('refused', 'notStarted'); END IF;
  IF v_o.status <> 'active' OR v_o.auction_settled OR v_now >= v_o.auction_end THEN RETURN jsonb_build_object('refused', 'ended'); END IF;
  IF NOT auction_buy_now_open(v_o.buy_now_price, v_o.reserve_price, v_o.bid_count,
      coalesce(v_o.current_price, v_o.starting_price)) THEN
    RETURN jsonb_build_object('refused', 'buyNowClosed');
  END IF;
  IF v_o.buy_now_price <> p_price THEN
    RETURN jsonb_build_object('refused', 'buyNowPrice', 'price', v_o.buy_now_price);
  END IF;
  UPDATE offers SET current_price = v_o.buy_now_price, bid_count = v_o.bid_count + 1, leader_user_id = p_user,
      auction_end = v_now, updated_at = v_now
    WHERE id = p_offer;
  INSERT INTO bids (offer_id, user_id, price, created_at) VALUES (p_offer, p_user, v_o.buy_now_price, v_now);
  RETURN jsonb_build_object(
    'currentPrice', v_o.buy_now_price,
    'bidCount', v_o.bid_count + 1,
    'leaderUtoken', (SELECT utoken FROM users WHERE id = p_user),
    'previousLeader', CASE WHEN v_o.bid_count > 0 THEN v_o.leader_user_id END,
    'startingPrice', v_o.starting_price,
    'reservePrice', v_o.reserve_price,
    'end', round(extract(epoch FROM v_now) * 1000));
END
$$;
