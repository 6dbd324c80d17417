import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '@vendo/contract/locales';
import type { DevRoutes } from '../../platform/dev-routes';
import { localeOf } from '../../platform/i18n';

/*
 * The pages a customer sees: the machine's purchase page (/buy/<sn>, what its QR code opens) and the sandbox
 * payment provider's cashier (/sandbox-pay/<tx>). Small server-rendered pages with a little script that talks to
 * the public /p/v1/buy and /p/v1/sandboxPay calls: nothing of the merchant app is loaded. Their script and style
 * are files (/buy-assets/…), as the content security policy allows no inline script (decision 017); a page hands
 * its data (language, texts, machine) to the script in a JSON block, which is data and never runs.
 */

const TEXTS = {
  'zh-CN': {
    title: '自助购买',
    sandbox: '沙箱支付：演示环境，不会产生真实扣款',
    loading: '加载中…',
    offline: '设备离线，暂时无法购买',
    empty: '暂无可售商品',
    stock: '库存',
    buy: '购买',
    play: '玩一局',
    payWith: '选择支付方式',
    wechat: '微信支付',
    alipay: '支付宝',
    stages: {
      unpaid: '等待支付结果…',
      closed: '订单已关闭，未支付',
      paid: '支付成功，正在通知设备出货…',
      vending: '设备正在出货…',
      delivered: '出货成功，请取走商品',
      failed: '出货失败',
      won: '恭喜，游戏成功！',
      lost: '游戏失败，再接再厉',
      abnormal: '设备未返回结果，请联系商家',
      refunding: '出货失败，正在退款…',
      refunded: '已退款',
    },
    refund: '退款金额',
    back: '返回继续购买',
    error: '出错了，请重试',
    pay: '确认支付',
    cancel: '取消',
    checkout: '收银台',
    paid: '已支付',
    closedPay: '支付已关闭',
  },
  'zh-TW': {
    title: '自助購買',
    sandbox: '沙箱支付：示範環境，不會產生真實扣款',
    loading: '載入中…',
    offline: '設備離線，暫時無法購買',
    empty: '暫無可售商品',
    stock: '庫存',
    buy: '購買',
    play: '玩一局',
    payWith: '選擇支付方式',
    wechat: '微信支付',
    alipay: '支付寶',
    stages: {
      unpaid: '等待支付結果…',
      closed: '訂單已關閉，未支付',
      paid: '支付成功，正在通知設備出貨…',
      vending: '設備正在出貨…',
      delivered: '出貨成功，請取走商品',
      failed: '出貨失敗',
      won: '恭喜，遊戲成功！',
      lost: '遊戲失敗，再接再厲',
      abnormal: '設備未回報結果，請聯繫商家',
      refunding: '出貨失敗，正在退款…',
      refunded: '已退款',
    },
    refund: '退款金額',
    back: '返回繼續購買',
    error: '出錯了，請重試',
    pay: '確認支付',
    cancel: '取消',
    checkout: '收銀台',
    paid: '已支付',
    closedPay: '支付已關閉',
  },
  'en-US': {
    title: 'Buy',
    sandbox: 'Sandbox payments: a demo, no real money moves',
    loading: 'Loading…',
    offline: 'The machine is offline, please try later',
    empty: 'Nothing for sale right now',
    stock: 'Left',
    buy: 'Buy',
    play: 'Play',
    payWith: 'Choose how to pay',
    wechat: 'WeChat Pay',
    alipay: 'Alipay',
    stages: {
      unpaid: 'Waiting for the payment…',
      closed: 'The order was closed unpaid',
      paid: 'Paid. Telling the machine…',
      vending: 'The machine is vending…',
      delivered: 'Done: please take your goods',
      failed: 'The machine could not vend',
      won: 'You won!',
      lost: 'You lost this time',
      abnormal: 'No answer from the machine, please contact the merchant',
      refunding: 'Vending failed: refunding…',
      refunded: 'Refunded',
    },
    refund: 'Refund',
    back: 'Back to the machine',
    error: 'Something went wrong, please try again',
    pay: 'Pay',
    cancel: 'Cancel',
    checkout: 'Checkout',
    paid: 'Paid',
    closedPay: 'Payment closed',
  },
} satisfies Record<Locale, unknown>;

/** The console's colours, which reach WCAG AA contrast (4.5:1) for white on them and for them on white. */
const STYLE = `*{box-sizing:border-box}body{margin:0;font:15px/1.5 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
header{background:#1463d6;color:#fff;padding:14px 16px;font-size:17px;font-weight:600}
.sandbox{background:#fff3cd;color:#7a5b00;padding:8px 16px;font-size:13px;border-bottom:1px solid #f0d78c}
main{padding:12px}.card{background:#fff;border-radius:10px;padding:12px;margin-bottom:10px;display:flex;gap:12px;align-items:center}
.card img{width:64px;height:64px;object-fit:cover;border-radius:8px;background:#eee}.grow{flex:1;min-width:0}
.name{font-weight:600}.muted{color:#666c7a;font-size:13px}.price{color:#c41d1d;font-weight:600}
button{border:0;border-radius:18px;padding:8px 16px;font-size:14px;background:#1463d6;color:#fff;margin:2px}
button.alt{background:#ae5600}button.ghost{background:#fff;color:#1463d6;border:1px solid #1463d6}button:disabled{opacity:.5}
.status{background:#fff;border-radius:10px;padding:20px;text-align:center}.big{font-size:20px;font-weight:600;margin:8px 0}
.wechat{background:#058844}.alipay{background:#1463d6}.amount{font-size:32px;font-weight:700;margin:12px 0}`;

function json(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Shared by both pages: their data, the call helper and money text. */
const COMMON = `var D=JSON.parse(document.getElementById('page-data').textContent),L=D.L,T=D.T;
function call(p,b){return fetch(p,{method:'POST',headers:{'content-type':'application/json',lang:L},body:JSON.stringify(b)}).then(function(r){return r.json()})}
function yuan(c){return '¥'+(c/100).toFixed(2)}
function el(t,c,x){var e=document.createElement(t);if(c)e.className=c;if(x!=null)e.textContent=x;return e}`;

const BUY_SCRIPT = `${COMMON}
var SN=D.SN,main=document.querySelector('main'),q=new URLSearchParams(location.search);
function fail(m){main.textContent='';main.appendChild(el('div','status',m||T.error))}
function token(){var a=new Uint8Array(16);crypto.getRandomValues(a);return Array.prototype.map.call(a,function(x){return ('0'+x.toString(16)).slice(-2)}).join('')}
function order(shelf,kind,channel){var b={sn:SN,channel_sn:shelf.channel_sn,kind:kind,client_token:shelf.tok||(shelf.tok=token())};if(channel)b.pay_channel=channel;
call('/p/v1/buy/createOrder',b).then(function(a){if(a.rcode===0){location.href=a.result.pay_url;return}
if(a.rcode===808){choose(shelf,kind);return}fail(a.msg)}).catch(function(){fail()})}
function choose(shelf,kind){main.textContent='';var s=el('div','status');s.appendChild(el('div','big',T.payWith));
['wechat','alipay'].forEach(function(c){var b=el('button',c,T[c]);b.onclick=function(){order(shelf,kind,c)};s.appendChild(b)});main.appendChild(s)}
function list(){call('/p/v1/buy/getMachine',{sn:SN}).then(function(a){if(a.rcode!==0)return fail(a.msg);var m=a.result;document.querySelector('header').textContent=m.title||T.title;
main.textContent='';if(!m.online)main.appendChild(el('div','status',T.offline));if(!m.shelves.length)main.appendChild(el('div','status',T.empty));
m.shelves.forEach(function(s){var c=el('div','card'),i=el('img');i.alt='';if(s.img)i.src=s.img;c.appendChild(i);var g=el('div','grow');g.appendChild(el('div','name',s.goods_name));
g.appendChild(el('div','muted',T.stock+' '+s.quantity));var p=el('div','price',m.modes.goods?yuan(s.price):yuan(s.game_price));g.appendChild(p);c.appendChild(g);
if(m.modes.goods){var b=el('button','',T.buy);b.disabled=!m.online;b.onclick=function(){b.disabled=true;order(s,'goods')};c.appendChild(b)}
if(m.modes.game){var g2=el('button','alt',T.play+' '+yuan(s.game_price));g2.disabled=!m.online;g2.onclick=function(){g2.disabled=true;order(s,'game')};c.appendChild(g2)}
main.appendChild(c)})}).catch(function(){fail()})}
var FINAL={closed:1,delivered:1,won:1,lost:1,refunded:1,failed:1};
function follow(no,t){call('/p/v1/buy/getOrder',{order_no:no,token:t}).then(function(a){if(a.rcode!==0)return fail(a.msg);var o=a.result;main.textContent='';var s=el('div','status');
s.appendChild(el('div','muted',o.order_no));s.appendChild(el('div','amount',yuan(o.amount)));s.appendChild(el('div','big',T.stages[o.stage]||o.status_text));
o.goods.forEach(function(g){s.appendChild(el('div','muted',g.name+(g.err_text?' · '+g.err_text:'')))});
if(o.refund||o.refunding)s.appendChild(el('div','',T.refund+' '+yuan(o.refund||o.refunding)));
var done=FINAL[o.stage];if(done){var b=el('button','ghost',T.back);b.onclick=function(){location.href=location.pathname};s.appendChild(b)}
main.appendChild(s);if(!done)setTimeout(function(){follow(no,t)},1000)}).catch(function(){setTimeout(function(){follow(no,t)},2000)})}
if(q.get('order'))follow(q.get('order'),q.get('t')||'');else list();`;

const CHECKOUT_SCRIPT = `${COMMON}
var TX=D.TX,main=document.querySelector('main');
function show(c){main.textContent='';var s=el('div','status');s.appendChild(el('div','big',T[c.channel]+' · '+T.checkout));
s.appendChild(el('div','muted',c.description));s.appendChild(el('div','amount',yuan(c.amount)));
if(c.state==='pending'){var p=el('button',c.channel,T.pay),x=el('button','ghost',T.cancel);p.onclick=function(){act('pay')};x.onclick=function(){act('cancel')};s.appendChild(p);s.appendChild(x)}
else{s.appendChild(el('div','',c.state==='paid'?T.paid:T.closedPay));setTimeout(function(){location.href=c.return_url},600)}main.appendChild(s)}
function act(a){call('/p/v1/sandboxPay/pay',{tx:TX,action:a}).then(function(r){if(r.rcode!==0){main.textContent=r.msg;return}location.href=r.result.return_url})}
call('/p/v1/sandboxPay/getCheckout',{tx:TX}).then(function(r){if(r.rcode!==0){main.textContent=r.msg;return}show(r.result)});`;

/** A file of the pages, named by its content's hash: cached for good, and a changed one has a new name. */
interface Asset {
  path: string;
  type: string;
  body: string;
}

function asset(name: string, extension: 'css' | 'js', body: string): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const type = extension === 'css' ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
  return { path: `/buy-assets/${name}.${hash}.${extension}`, type, body };
}

const STYLESHEET = asset('page', 'css', STYLE);
const BUY = asset('buy', 'js', BUY_SCRIPT);
const CHECKOUT = asset('checkout', 'js', CHECKOUT_SCRIPT);

function page(
  locale: Locale,
  title: string,
  body: string,
  data: Record<string, unknown>,
  script: Asset,
): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><link rel="stylesheet" href="${STYLESHEET.path}"></head><body>${body}
<script type="application/json" id="page-data">${json(data)}</script><script src="${script.path}"></script></body></html>`;
}

/** The cashier page and its script are dev routes (decision 019): production on the sandbox has no cashier. */
export function customerPages(
  app: FastifyInstance,
  options: { sandbox: () => boolean; dev: DevRoutes },
): void {
  app.get<{ Params: { sn: string } }>('/buy/:sn', async (request, reply) => {
    const locale = localeOf(request.headers);
    const t = TEXTS[locale];
    const sn = /^\d{1,20}$/.test(request.params.sn) ? request.params.sn : '';
    const banner = options.sandbox() ? `<div class="sandbox">${t.sandbox}</div>` : '';
    const html = page(
      locale,
      t.title,
      `<header>${t.title}</header>${banner}<main>${t.loading}</main>`,
      { L: locale, T: t, SN: sn },
      BUY,
    );
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });

  options.dev.add('GET', '/sandbox-pay/:tx', () => cashierPage(app, options.sandbox));

  for (const file of [STYLESHEET, BUY, CHECKOUT]) {
    const route = () =>
      app.get(file.path, async (_request, reply) => {
        if (file === CHECKOUT && !options.sandbox()) return reply.callNotFound();
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type(file.type)
          .send(file.body);
      });
    if (file === CHECKOUT) options.dev.add('GET', file.path, route);
    else route();
  }
}

function cashierPage(app: FastifyInstance, sandbox: () => boolean): void {
  app.get<{ Params: { tx: string } }>('/sandbox-pay/:tx', async (request, reply) => {
    if (!sandbox()) return reply.callNotFound();
    const locale = localeOf(request.headers);
    const t = TEXTS[locale];
    const tx = /^[A-Za-z0-9]{8,64}$/.test(request.params.tx) ? request.params.tx : '';
    const html = page(
      locale,
      t.checkout,
      `<header>${t.checkout}</header><div class="sandbox">${t.sandbox}</div><main>${t.loading}</main>`,
      { L: locale, T: t, TX: tx },
      CHECKOUT,
    );
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
