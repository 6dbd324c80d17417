import { defineNamespace } from '../catalog';

/** Texts of the shell: API failures, the gate, whole-screen states and generic actions. */
export default defineNamespace({
  'zh-CN': {
    loading: '加载中…',
    homeCannotGoBack: '首页无法返回',
    tryAgain: '请重试',
    noAccess: '您的角色没有此页面的权限，请联系主账号开通。',
    noData: '暂无数据',
    errorTitle: '出错了',
    successTitle: '操作成功',
    actions: {
      back: '返回',
      menu: '菜单',
      close: '关闭',
      ok: '我知道了',
      home: '返回首页',
      reload: '重新加载',
      toLogin: '去登录',
    },
    api: {
      timeout: '请求超时，请重试',
      network: '网络异常，请检查手机网络',
      badAnswer: '服务器返回的数据无法识别，请稍后重试',
      withCode: '{{msg}}（{{code}}）',
      invalidCert: '无效凭证',
    },
    gate: {
      title: '请在微信或支付宝中打开',
      text: '本页面只能在微信或支付宝中使用，请复制链接后在其中打开。',
    },
    unknown: {
      title: '页面不存在',
      text: '您访问的页面不存在或已被移除。',
    },
    passport: {
      loading: '正在登录…',
      failed: '登录失败',
      missing: '链接缺少登录凭证（token 和 secret），请重新登录。',
    },
    loadFailed: {
      title: '页面加载失败',
      text: '请检查网络后重新加载。',
    },
  },
  'zh-TW': {
    loading: '載入中…',
    homeCannotGoBack: '首頁無法返回',
    tryAgain: '請重試',
    noAccess: '您的角色沒有此頁面的權限，請聯繫主帳號開通。',
    noData: '暫無資料',
    errorTitle: '出錯了',
    successTitle: '操作成功',
    actions: {
      back: '返回',
      menu: '選單',
      close: '關閉',
      ok: '我知道了',
      home: '返回首頁',
      reload: '重新載入',
      toLogin: '去登入',
    },
    api: {
      timeout: '請求逾時，請重試',
      network: '網路異常，請檢查手機網路',
      badAnswer: '伺服器回傳的資料無法識別，請稍後重試',
      withCode: '{{msg}}（{{code}}）',
      invalidCert: '無效憑證',
    },
    gate: {
      title: '請在微信或支付寶中打開',
      text: '本頁面只能在微信或支付寶中使用，請複製連結後在其中打開。',
    },
    unknown: {
      title: '頁面不存在',
      text: '您造訪的頁面不存在或已被移除。',
    },
    passport: {
      loading: '正在登入…',
      failed: '登入失敗',
      missing: '連結缺少登入憑證（token 和 secret），請重新登入。',
    },
    loadFailed: {
      title: '頁面載入失敗',
      text: '請檢查網路後重新載入。',
    },
  },
  'en-US': {
    loading: 'Loading…',
    homeCannotGoBack: 'Home cannot go back',
    tryAgain: 'Please try again',
    noAccess: 'Your role has no permission for this page. Please ask the main account.',
    noData: 'No data',
    errorTitle: 'Something went wrong',
    successTitle: 'Done',
    actions: {
      back: 'Back',
      menu: 'Menu',
      close: 'Close',
      ok: 'OK',
      home: 'Back to home',
      reload: 'Reload',
      toLogin: 'Go to login',
    },
    api: {
      timeout: 'Request timeout, please retry',
      network: 'Network abnormal, please check your phone network',
      badAnswer: 'The server sent an answer the app cannot read, please try again later',
      withCode: '{{msg}} ({{code}})',
      invalidCert: 'Invalid cert',
    },
    gate: {
      title: 'Please open in WeChat or Alipay',
      text: 'This page works only inside the WeChat or Alipay app. Copy the link and open it there.',
    },
    unknown: {
      title: 'Page not found',
      text: 'The page you asked for does not exist or has been removed.',
    },
    passport: {
      loading: 'Logging in…',
      failed: 'Login failed',
      missing: 'The link carries no login credentials (token and secret). Please log in again.',
    },
    loadFailed: {
      title: 'The page failed to load',
      text: 'Check the network and reload.',
    },
  },
});
