import { useCallback, useEffect, useRef, useState } from 'react';
import type { CustomerStage, PayChannel } from '@vendo/contract/api/purchase';
import type { OrderKind } from '@vendo/contract/enums';
import { CALLS, PAY_CHANNEL_REQUIRED, post, type Machine, type Order, type Shelf } from './api';
import { Frame, Notice } from './frame';
import { Adverts } from './adverts';
import { signInHref, useCoupons, type CouponState } from './coupons';
import { GiftRedeem } from './gift-redeem';
import { MemberLink } from './member-link';
import { MT } from './member-texts';
import { yuan } from './money';
import { T } from './texts';

/*
 * A machine's purchase page (/buy/<sn>, what its QR code opens): the goods on sale, one tap to buy (or play), the
 * payment channel's cashier, then back here with ?order=…&t=… to follow the order until the machine has vended.
 */

/** How a machine sells, in the order its buttons show: goods, then a play on game machines. */
const ORDER_KINDS: readonly OrderKind[] = ['goods', 'game'];

/** Stages after which nothing changes any more: the page stops asking and offers to buy again. */
const FINAL: ReadonlySet<CustomerStage> = new Set([
  'closed',
  'delivered',
  'won',
  'lost',
  'refunded',
  'failed',
]);

const FOLLOW_MS = 1000;
const RETRY_MS = 2000;

/** Offered when the server cannot tell the wallet from the browser (PAY_CHANNEL_REQUIRED). */
const CHANNELS: readonly PayChannel[] = ['wechat', 'alipay'];

type View =
  | { name: 'loading' }
  | { name: 'machine'; machine: Machine }
  | { name: 'choose'; shelf: Shelf; kind: OrderKind }
  | { name: 'order'; order: Order }
  | { name: 'error'; msg: string };

/** A one-tap token: a repeated request (a double tap, a retry) answers the same order. */
function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function BuyPage(props: { sn: string; order: string | null; token: string }) {
  const [view, setView] = useState<View>({ name: 'loading' });
  const [title, setTitle] = useState(T.title);
  const [sandbox, setSandbox] = useState(false);
  const fail = (msg?: string) => setView({ name: 'error', msg: msg || T.error });

  useEffect(() => {
    if (props.order) return follow(props.order, props.token, setView, setSandbox, fail);
    post(CALLS.getMachine, { sn: props.sn }).then(
      (answer) => {
        if (!answer.ok) return fail(answer.msg);
        setTitle(answer.result.title || T.title);
        setSandbox(answer.result.sandbox);
        setView({ name: 'machine', machine: answer.result });
      },
      () => fail(),
    );
    return undefined;
  }, [props.sn, props.order, props.token]);

  useEffect(() => {
    document.title = title;
  }, [title]);

  // Coupons and the referrer of the address (coupons.tsx): the latest state, read when a shelf is tapped.
  const coupons = useCoupons(props.sn, props.order === null);
  const offers = useRef<CouponState>(coupons.state);
  offers.current = coupons.state;

  const tokens = useRef(new Map<string, string>());
  const order = useCallback(
    (shelf: Shelf, kind: OrderKind, channel?: PayChannel) => {
      const key = `${shelf.channel_sn}:${kind}`;
      const token = tokens.current.get(key) ?? newToken();
      tokens.current.set(key, token);
      const body = {
        sn: props.sn,
        channel_sn: shelf.channel_sn,
        kind,
        client_token: token,
        ...offers.current.orderFields(shelf, kind),
      };
      post(CALLS.createOrder, channel ? { ...body, pay_channel: channel } : body).then(
        (answer) => {
          if (answer.ok) window.location.assign(answer.result.pay_url);
          else if (answer.rcode === PAY_CHANNEL_REQUIRED) setView({ name: 'choose', shelf, kind });
          else fail(answer.msg);
        },
        () => fail(),
      );
    },
    [props.sn],
  );

  return (
    <Frame title={title} sandbox={sandbox}>
      {view.name === 'loading' && <Notice>{T.loading}</Notice>}
      {view.name === 'error' && <Notice>{view.msg}</Notice>}
      {view.name === 'machine' && view.machine.online && coupons.panel}
      {view.name === 'machine' &&
        view.machine.online &&
        view.machine.members &&
        !coupons.state.customer &&
        coupons.offered.length === 0 && (
          // No coupons panel to sign in from: a merchant with members still offers the sign-in, for the points.
          <section className="buy-coupons" aria-label={MT.myMember}>
            <MemberLink
              sn={props.sn}
              customer={null}
              signIn={(channel) => signInHref(props.sn, channel)}
              intro={MT.earn}
            />
          </section>
        )}
      {view.name === 'machine' && (
        <Goods machine={view.machine} onOrder={order} priceOf={coupons.state.priceOf} />
      )}
      {view.name === 'machine' && (
        <Adverts
          sn={props.sn}
          coupons={{
            customer: coupons.state.customer,
            offered: coupons.offered,
            receive: coupons.receive,
            signInHref: signInHref(props.sn, 'wechat'),
          }}
        />
      )}
      {view.name === 'machine' && view.machine.online && (
        <GiftRedeem sn={props.sn} customer={coupons.state.customer} />
      )}
      {view.name === 'choose' && (
        <div className="buy-status">
          <p className="buy-big">{T.payWith}</p>
          {CHANNELS.map((channel) => (
            <button
              key={channel}
              type="button"
              className={`buy-button buy-${channel}`}
              onClick={() => order(view.shelf, view.kind, channel)}
            >
              {T[channel]}
            </button>
          ))}
        </div>
      )}
      {view.name === 'order' && (
        <OrderState order={view.order} sn={props.sn} customer={coupons.state.customer} />
      )}
    </Frame>
  );
}

/** Asks for the order every second until its stage is final; a network failure is retried more slowly. */
function follow(
  orderNo: string,
  token: string,
  show: (view: View) => void,
  setSandbox: (sandbox: boolean) => void,
  fail: (msg?: string) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const ask = () => {
    post(CALLS.getOrder, { order_no: orderNo, token }).then(
      (answer) => {
        if (stopped) return;
        if (!answer.ok) return fail(answer.msg);
        setSandbox(answer.result.sandbox);
        show({ name: 'order', order: answer.result });
        if (!FINAL.has(answer.result.stage)) timer = setTimeout(ask, FOLLOW_MS);
      },
      () => {
        if (!stopped) timer = setTimeout(ask, RETRY_MS);
      },
    );
  };
  ask();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

function Goods(props: {
  machine: Machine;
  onOrder: (shelf: Shelf, kind: OrderKind) => void;
  priceOf: (shelf: Shelf) => number | null;
}) {
  const { machine } = props;
  return (
    <>
      {!machine.online && <Notice>{T.offline}</Notice>}
      {machine.shelves.length === 0 && <Notice>{T.empty}</Notice>}
      <ul className="buy-goods">
        {machine.shelves.map((shelf) => (
          <ShelfCard
            key={shelf.channel_sn}
            machine={machine}
            shelf={shelf}
            onOrder={props.onOrder}
            discounted={machine.modes.goods ? props.priceOf(shelf) : null}
          />
        ))}
      </ul>
    </>
  );
}

function ShelfCard(props: {
  machine: Machine;
  shelf: Shelf;
  onOrder: (shelf: Shelf, kind: OrderKind) => void;
  /** The chosen coupon's price for this shelf (coupons.tsx), when it fits. */
  discounted: number | null;
}) {
  const { machine, shelf } = props;
  const [tapped, setTapped] = useState(false);
  const tap = (kind: OrderKind) => {
    setTapped(true);
    props.onOrder(shelf, kind);
  };
  return (
    <li className="buy-card">
      {shelf.img ? <img src={shelf.img} alt="" /> : <span className="buy-img" />}
      <div className="buy-grow">
        <div className="buy-name">{shelf.goods_name}</div>
        <div className="buy-muted">
          {T.stock} {shelf.quantity}
        </div>
        {props.discounted !== null ? (
          <div className="buy-price" data-testid="buy-discounted">
            {yuan(props.discounted)}
            <span className="buy-was">{yuan(shelf.price)}</span>
          </div>
        ) : (
          <div className="buy-price">{yuan(machine.modes.goods ? shelf.price : shelf.game_price)}</div>
        )}
      </div>
      {ORDER_KINDS.filter((kind) => machine.modes[kind]).map((kind) => (
        <button
          key={kind}
          type="button"
          className={kind === 'goods' ? 'buy-button' : 'buy-button buy-alt'}
          disabled={!machine.online || tapped}
          onClick={() => tap(kind)}
        >
          {kind === 'goods' ? T.buy : `${T.play} ${yuan(shelf.game_price)}`}
        </button>
      ))}
    </li>
  );
}

function OrderState(props: { order: Order; sn: string; customer: string | null }) {
  const { order } = props;
  const refund = order.refund || order.refunding;
  return (
    <div className="buy-status">
      <div className="buy-muted">{order.order_no}</div>
      <div className="buy-amount">{yuan(order.amount)}</div>
      <p className="buy-big" role="status">
        {T.stages[order.stage] || order.status_text}
      </p>
      {order.goods.map((goods, index) => (
        <div key={index} className="buy-muted">
          {goods.name}
          {goods.err_text ? ` · ${goods.err_text}` : ''}
        </div>
      ))}
      {refund > 0 && (
        <div>
          {T.refund} {yuan(refund)}
        </div>
      )}
      {order.stage !== 'unpaid' && (
        <MemberLink
          sn={props.sn}
          customer={props.customer}
          signIn={(channel) => signInHref(props.sn, channel)}
          note={MT.earlier}
        />
      )}
      {FINAL.has(order.stage) && (
        <button
          type="button"
          className="buy-button buy-ghost"
          onClick={() => window.location.assign(window.location.pathname)}
        >
          {T.back}
        </button>
      )}
    </div>
  );
}
