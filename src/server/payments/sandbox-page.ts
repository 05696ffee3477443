import { SUBSCRIPTION_PRICE_LABEL } from "../../core/constants";
import { escapeHtml } from "../http/escape-html";

/** The sandbox provider's hosted checkout page: a stand-in for Stripe Checkout that runs offline. */
export function sandboxCheckoutHtml(opts: {
  id: string;
  amountLabel: string;
  cancelUrl: string;
  status: string;
}) {
  const closed = opts.status !== "open";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout · StepRace (sandbox)</title>
<link rel="stylesheet" href="/sandbox/checkout.css">
</head><body>
<main class="card">
  <p class="badge">Sandbox payments · no real card is charged</p>
  <h1>StepRace Membership</h1>
  <p class="price"><strong>${escapeHtml(opts.amountLabel)}</strong> / month</p>
  ${
    closed
      ? `<p class="notice" role="status">This checkout is no longer open.</p><a class="link" href="/">Back to StepRace</a>`
      : `<form id="pay-form" data-checkout-id="${escapeHtml(opts.id)}" novalidate>
    <label for="card-number">Card number</label>
    <input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required maxlength="23">
    <div class="row">
      <div><label for="expiry">Expiry</label>
      <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required maxlength="5"></div>
      <div><label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required maxlength="4"></div>
    </div>
    <div id="error" class="error" role="alert" hidden><strong>Payment Failed</strong><p id="error-text"></p></div>
    <button id="pay" type="submit" disabled>Pay ${escapeHtml(opts.amountLabel)}</button>
    <p class="hint">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 9995 has insufficient funds; 4000 0000 0000 0002 is declined. Any future expiry, any CVC.</p>
  </form>
  <a class="link" href="${escapeHtml(opts.cancelUrl)}">Cancel and go back</a>`
  }
</main>
<script src="/sandbox/checkout.js" defer></script>
</body></html>`;
}

export const SANDBOX_CHECKOUT_CSS = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:linear-gradient(160deg,#ecfdf5,#eef2ff);color:#111827;padding:16px}
.card{width:100%;max-width:420px;background:#fff;border-radius:16px;box-shadow:0 10px 30px rgba(0,0,0,.08);padding:24px}
h1{font-size:1.4rem;margin:.25rem 0}.price{font-size:1.1rem;color:#374151;margin:0 0 1.25rem}
.badge{display:inline-block;background:#fef3c7;color:#92400e;font-size:.75rem;padding:4px 8px;border-radius:999px;margin:0}
label{display:block;font-size:.85rem;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font-size:1rem;padding:.7rem .8rem;border:1px solid #d1d5db;border-radius:10px}
input:focus{outline:2px solid #059669;border-color:#059669}.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{width:100%;margin-top:1.25rem;background:#059669;color:#fff;border:0;border-radius:10px;padding:.85rem;font-size:1rem;font-weight:600;cursor:pointer}
button[disabled]{opacity:.6;cursor:wait}.error{background:#fef2f2;color:#b91c1c;border-radius:10px;padding:.7rem;margin:1rem 0 0;font-size:.9rem}.error p{margin:.25rem 0 0}
.hint{color:#6b7280;font-size:.75rem;margin-top:1rem}.link{display:block;text-align:center;margin-top:1rem;color:#4f46e5}
.notice{background:#f3f4f6;padding:.75rem;border-radius:10px}`;

/**
 * The page's script: formats the fields and posts the card to the sandbox provider's own API. Pay
 * stays disabled until it runs, so a tap before then never submits the form natively (a GET that
 * would put the card number in the address).
 */
export const SANDBOX_CHECKOUT_JS = `(function(){
var form=document.getElementById('pay-form');if(!form)return;
var num=document.getElementById('card-number'),exp=document.getElementById('expiry'),cvc=document.getElementById('cvc');
var btn=document.getElementById('pay'),err=document.getElementById('error'),errText=document.getElementById('error-text'),label=btn.textContent;
btn.disabled=false;
num.addEventListener('input',function(){var d=num.value.replace(/\\D/g,'').slice(0,19);num.value=d.replace(/(.{4})/g,'$1 ').trim();});
exp.addEventListener('input',function(){var d=exp.value.replace(/\\D/g,'').slice(0,4);exp.value=d.length>2?d.slice(0,2)+'/'+d.slice(2):d;});
form.addEventListener('submit',function(e){e.preventDefault();err.hidden=true;btn.disabled=true;btn.textContent='Processing...';
fetch('/api/sandbox/checkout/'+encodeURIComponent(form.dataset.checkoutId)+'/pay',{method:'POST',credentials:'include',
headers:{'Content-Type':'application/json'},body:JSON.stringify({cardNumber:num.value,expiry:exp.value,cvc:cvc.value})})
.then(function(r){return r.json().then(function(b){return {ok:r.ok,body:b};});})
.then(function(res){if(res.ok&&res.body.redirectUrl){window.location.assign(res.body.redirectUrl);return;}
errText.textContent=(res.body&&res.body.message)||'Your payment could not be completed.';err.hidden=false;btn.disabled=false;btn.textContent=label;})
.catch(function(){errText.textContent='Could not reach the payment service. Check your connection and try again.';err.hidden=false;btn.disabled=false;btn.textContent=label;});
});})();`;

export const SUBSCRIPTION_AMOUNT_LABEL = SUBSCRIPTION_PRICE_LABEL;
