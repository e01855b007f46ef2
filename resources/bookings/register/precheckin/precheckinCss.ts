import { fontFamily, palette } from '../../../../src/themeTokens';

/** The page's look in plain CSS with the console's colours and font (no MUI: a small page on a phone). */
export const precheckinCss = `
body{margin:0;background:${palette.background}}
.pc-main{max-width:560px;margin:0 auto;padding:16px 12px 48px;font-family:${fontFamily};color:rgba(0,0,0,.87);
  box-sizing:border-box;font-size:16px;line-height:1.5}
.pc-header{display:flex;align-items:flex-start;justify-content:space-between;gap:12px;margin-bottom:12px}
.pc-header h1{margin:0;font-size:1.5rem;color:${palette.primary}}
.pc-facility{margin:0;font-size:.875rem;color:rgba(0,0,0,.6)}
.pc-language{font:inherit;font-size:.9375rem;padding:8px 14px;border:1px solid ${palette.primary};border-radius:20px;
  background:#fff;color:${palette.primary};cursor:pointer;min-height:40px}
.pc-card{background:#fff;border-radius:8px;padding:16px;margin-bottom:16px;
  box-shadow:0 1px 3px rgba(0,0,0,.12),0 1px 2px rgba(0,0,0,.08)}
.pc-card h2{margin:0 0 12px;font-size:1.125rem}
.pc-stay p{margin:0 0 4px}.pc-dates{font-weight:700;font-size:1.0625rem}
.pc-note{color:rgba(0,0,0,.6);font-size:.875rem;margin:8px 0 0}
.pc-field{display:flex;flex-direction:column;gap:4px;margin-bottom:14px}
.pc-field label{font-size:.875rem;color:rgba(0,0,0,.7)}
.pc-required{color:#c62828}
.pc-field input,.pc-field select{font:inherit;font-size:16px;padding:12px;border:1px solid rgba(0,0,0,.23);
  border-radius:6px;background:#fff;width:100%;box-sizing:border-box;min-height:48px}
.pc-field input:focus,.pc-field select:focus{outline:none;border-color:${palette.primary};box-shadow:0 0 0 1px ${palette.primary}}
.pc-invalid input,.pc-invalid select{border-color:#c62828}
.pc-error{margin:0;color:#c62828;font-size:.875rem}
.pc-hint{margin:0;color:rgba(0,0,0,.6);font-size:.8125rem}
.pc-check{display:flex;align-items:center;gap:8px;margin-bottom:14px;font-size:.9375rem;min-height:40px}
.pc-check input{width:22px;height:22px}
.pc-photo{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.pc-photo input[type=file]{position:absolute;width:1px;height:1px;opacity:0;overflow:hidden}
.pc-chosen{font-size:.875rem;color:${palette.secondary};word-break:break-all}
.pc-button{font:inherit;font-size:1rem;font-weight:500;padding:12px 20px;border-radius:6px;cursor:pointer;
  display:inline-flex;align-items:center;justify-content:center;min-height:48px;box-sizing:border-box;position:relative}
.pc-secondary{background:#fff;color:${palette.primary};border:1px solid ${palette.primary}}
.pc-submit{width:100%;border:0;background:${palette.primary};color:#fff}
.pc-submit:disabled{background:rgba(0,0,0,.12);color:rgba(0,0,0,.38);cursor:default}
.pc-problem{background:#fdecea;color:#5f2120;border-radius:6px;padding:12px 16px;margin:0 0 16px}
.pc-done h2{color:${palette.secondary}}
`;
