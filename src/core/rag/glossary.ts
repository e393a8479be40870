/**
 * Cross-lingual help for retrieval. The knowledge base is bilingual (every section carries an English and a
 * Traditional Chinese text), so a Chinese question already meets Chinese text; these pairs add the English terms of
 * the same concept to the query, so that BM25 and the hashed embedder also match the English half and the
 * abbreviations (CAR, ERP, AUC) that Chinese text keeps in Latin letters. English abbreviations are spelled out too.
 */
const ZH_EN: [RegExp, string][] = [
  [/共同平均參考|平均參考|共同平均/, 'common average reference CAR set_reference'],
  [/參考電極|重新參考|參考/, 're-reference reference set_reference'],
  [/帶通/, 'band-pass filter apply_bandpass_filter'],
  [/高通/, 'high-pass filter'],
  [/低通/, 'low-pass filter'],
  [/陷波|市電|電源雜訊|電源線/, 'notch filter line noise apply_notch_filter'],
  [/濾波器?|過濾/, 'filter'],
  [/頻帶/, 'frequency band'],
  [/重新取樣|降採樣|重採樣|降取樣|重取樣/, 'resample resample_data'],
  [/取樣率|採樣率|取樣頻率|採樣頻率/, 'sampling rate sfreq'],
  [/奈奎斯特|奈氏|尼奎斯特|乃奎斯特/, 'Nyquist frequency'],
  [/混疊|疊頻/, 'aliasing'],
  [/分段|切段|時段|試次切割/, 'epoch epoching epoch_data'],
  [/基線/, 'baseline correction'],
  [/正規化|標準化|歸一化|z分數|Z 分數/, 'normalize z-score normalize_data'],
  [/通道|頻道/, 'channel channels'],
  [/腦波|腦電/, 'EEG'],
  [/電極位置|電極配置|蒙太奇/, 'montage electrode positions set_montage'],
  [/運動想像|運動想象/, 'motor imagery mu beta'],
  [/事件相關電位|誘發電位/, 'ERP event-related potential'],
  [/穩態視覺誘發/, 'SSVEP'],
  [/分割|切分|訓練集|測試集|驗證集/, 'split train validation test generate_dataset'],
  [/資料洩漏|資料外洩|洩漏|外洩/, 'leakage'],
  [/交叉驗證|折/, 'cross-validation folds'],
  [/跨受試者|受試者間|跨個體|跨人/, 'cross-subject'],
  [/受試者內|個人內|單一受試者/, 'within-subject'],
  [/跨場次|跨天|跨日|不同天|隔天/, 'cross-session'],
  [/受試者/, 'subject'],
  [/場次|階段/, 'session stage'],
  [/過擬合|過度擬合|過適/, 'overfitting'],
  [/類別不平衡|不平衡/, 'class imbalance balanced accuracy'],
  [/機率水準|機會水準|隨機水準|猜測|機率/, 'chance level'],
  [/顯著性|顯著/, 'significance binomial'],
  [/準確率|正確率/, 'accuracy'],
  [/平衡準確率/, 'balanced accuracy'],
  [/卡帕|Kappa|kappa/, 'Cohen kappa'],
  [/曲線下面積|ROC/, 'AUC ROC'],
  [/混淆矩陣/, 'confusion matrix'],
  [/顯著圖|顯著性圖|歸因|可解釋/, 'saliency attribution'],
  [/積分梯度/, 'integrated gradients'],
  [/梯度/, 'gradient'],
  [/模型/, 'model'],
  [/訓練輪數|輪數|回合|訓練幾輪/, 'epochs training'],
  [/批次大小|批次/, 'batch size'],
  [/學習率/, 'learning rate'],
  [/優化器|最佳化器/, 'optimizer Adam'],
  [/丟棄|Dropout/, 'dropout'],
  [/超參數/, 'hyper-parameters'],
  [/早停/, 'early stopping selection best_val_loss'],
  [/顯示卡|顯卡|GPU|CUDA/, 'GPU CUDA device backend pytorch'],
  [/後端/, 'backend local pytorch slurm'],
  [/格式|檔案類型|副檔名/, 'supported file formats load_data'],
  [/匯出/, 'export'],
  [/不支援|不能做|做不到/, 'does not do not supported'],
  [/偽跡|雜訊|雜訊/, 'artifact noise'],
  [/獨立成分分析/, 'ICA independent component analysis'],
  [/微狀態/, 'microstate microstates'],
  [/預訓練|微調/, 'pretrained fine-tuning'],
  [/作弊/, 'leakage'],
  [/一直線|一條直線|平線/, 'flat line units'],
  [/空間濾波|共空間模式/, 'CSP spatial filter'],
  [/時間卷積|卷積/, 'convolution'],
  [/深度可分離/, 'depthwise separable'],
  [/訓練/, 'training train'],
  [/評估/, 'evaluate evaluation metrics'],
  [/階段/, 'stage'],
  [/筆記本/, 'notebook'],
  [/重複|種子|每次(?:訓練|跑|重跑)?(?:的)?(?:結果|準確率)?都?不(?:一樣|同)|結果不一樣/, 'repeat seed'],
  [/哪些通道|哪個通道|重要的通道|哪些電極|模型(?:在)?看/, 'saliency compute_saliency channels'],
  [/語言模型/, 'language model privacy EEG samples'],
  [/哪個模型|哪種模型|什麼模型|選(?:擇)?模型|該用哪/, 'choosing a model which model'],
  [/過渡帶|過渡頻寬/, 'transition band'],
  [/額頭|前額|額葉|額區/, 'frontal Fp1 Fp2'],
  [/歐氏對齊|歐式對齊|歐幾里得對齊/, 'Euclidean alignment'],
  [/準確率(?:只有|很低|太低|偏低|卡在|停在|一直)/, 'accuracy stuck at chance level'],
  [/準確率(?:反而)?(?:掉|下降|變差|降低)|(?:掉|下降|變差|降低)了/, 'accuracy worse'],
  [/試次/, 'trial trials'],
  [/好慢|很慢|太慢|變慢|跑很久|太久|加速|加快/, 'slow faster speed'],
  [/單位/, 'units'],
  [/類別比例|比例一樣|比例相同|分層/, 'class balance balanced stratified'],
  [/架構|結構|長什麼樣/, 'architecture layers'],
  [/差在哪|差別|差異|不同|比較/, 'difference compared'],
  [/參數量|參數數量|幾個參數|多少參數/, 'number of parameters'],
  [/最短|最少|至少/, 'minimum'],
  [/太短/, 'too short minimum length'],
  [/切多長|要多長|多長|多久/, 'length epoch window'],
  [/降到|降成|降為|降低取樣|升取樣|升到/, 'resample resample_data sampling rate'],
  [/報錯|錯誤訊息|出錯|錯誤/, 'error'],
  // artifacts, bad channels, paradigms and other tools by name (h14-kbretrieve): the sections that answer name them in
  // English, and a Chinese question shares only its bigrams with their Chinese half
  [/眨眼|眼動|眼電|眼睛/, 'eye blinks EOG artifacts'],
  [/肌電|咬牙|肌肉/, 'muscle EMG artifacts'],
  [/諧波|倍頻/, 'harmonics line noise notch'],
  [/壞(?:掉)?的?(?:通道|電極|channel)|(?:通道|電極|channel)[^。？?]{0,6}(?:壞掉|壞了|是平的|沒訊號|沒有訊號|全是雜訊)/i, 'bad channels flat select_channels'],
  [/範式|典範|派典/, 'BCI paradigms motor imagery P300 SSVEP resting state'],
  [/靜息|休息態|閉眼|睜眼/, 'resting state continuous window_epoch'],
  [/(?:alpha|beta|theta|delta|gamma|mu)\s*(?:波|節律|頻帶|是幾|範圍)|[αβθδγμ]\s*波/i, 'EEG frequency bands rhythms'],
  [
    /(?:MNE|EEGLAB|braindecode)[^。？?]{0,20}(?:比|差|不同|差別|差異|取代|還是)|(?:比起|跟|和|與|相比)\s*(?:MNE|EEGLAB|braindecode)/i,
    'XBrain compared MNE-Python EEGLAB braindecode which tool',
  ],
  [/XBrainLab[^。？?]{0,20}(?:比|差|不同|差別|差異|取代|還是|都有)|(?:比起|跟|和|與|相比)\s*XBrainLab/i, 'what XBrain adds to XBrainLab carries over'],
  [/(?:訓練|train\w*)[^。？?]{0,12}\d+\s*%[^。？?]{0,12}(?:驗證|測試|val\w*|test\w*)[^。？?]{0,8}\d+\s*%/i, 'overfitting training validation accuracy gap'],
  // h15-kbretrieve: how researchers say "imbalanced", "how many trials", "a noisy electrode" and "an ERP filter" in
  // lab-chat Chinese; the sections that answer name the concept in English and in their own Chinese words
  [
    /(?:類別|類|trial|試次|樣本)[^。？?]{0,8}(?:數量|個數|數目)?[^。？?]{0,4}(?:差很多|差太多|差距|不一樣多|不同|懸殊|不均)/i,
    'class imbalance balanced accuracy',
  ],
  [/(?:幾|多少)\s*個?\s*(?:trial|試次|樣本)|(?:trial|試次)[^。？?]{0,6}(?:才夠|夠不夠|夠嗎)/i, 'how many trials are needed per class'],
  [
    /(?:某|一)個(?:通道|電極|channel)|(?:通道|電極|channel)[^。？?]{0,6}(?:雜訊(?:特別|很|太)?(?:大|多)|很吵|特別吵)/i,
    'bad channels noisy channel select_channels',
  ],
  [/(?:P300|ERP|oddball|N170|N200)[^。？?]{0,12}(?:濾波|濾|頻帶|高通|低通)|(?:濾波|高通)[^。？?]{0,12}(?:P300|ERP)/i, 'filters for ERPs high-pass'],
  [/先[^。？?]{1,16}還是(?:先|後)|(?:前面|之前)還是(?:後面|之後)|順序/, 'order of the preprocessing steps before'],
  [/漂移|飄移|基線(?:飄|歪|偏)|整條歪/, 'slow drifts high-pass baseline'],
  [/飽和|頂到|削平|截斷/, 'bad channels saturated clipping'],
  [/(?:不要|沒有|不用|省略|拿掉|不切)\s*(?:validation|驗證集|驗證|val)/i, 'no validation set val_ratio last_epoch'],
  [/(?:驗證|val\w*)\s*(?:loss|損失)[^。？?]{0,10}(?:上升|變大|升高|增加)/i, 'overfitting validation loss rises'],
  // h16-kbretrieve: neurophysiology, recording and spectra, named in Chinese; the sections that answer name them in
  // English (ERD, SNR, Welch, impedance) and in their own Chinese words
  [/去同步|事件相關同步|beta\s*反彈|\bERD\b|\bERS\b/i, 'event-related desynchronisation ERD ERS mu beta sensorimotor'],
  [/文盲|無效性|怎麼練都|(?:控制|操作)不了/, 'BCI inefficiency illiteracy 70 % criterion'],
  [/平方根|訊雜比|信噪比/, 'signal-to-noise ratio averaging square root'],
  [/頻率解析度|功率譜|頻譜|Welch/i, 'power spectra frequency resolution Welch'],
  [/時間解析度|空間解析度|體積傳導/, 'time spatial resolution volume conduction'],
  [/阻抗|乾電極|濕電極|導電膠/, 'electrode impedance wet dry electrodes'],
  [/遷移學習|校正資料|校正時間|校正場次/, 'transfer learning calibration fine-tuning'],
  [/資料增強|資料擴增|增強資料|擴增/, 'data augmentation'],
  [/冪律|非週期|1\/f/, '1/f aperiodic power law spectra'],
  [/拼字器|拼字/, 'P300 speller row column flashes'],
  [/潛時|潛伏期|N170|N400|\bERN\b|\bMMN\b/, 'ERP components latency'],
  // data already cut into epochs, then filtered: the edge effects of filtering short epochs
  [/(?:已經|已)(?:切|分段|切段|切好)[^。？?]{0,12}(?:濾波|濾|帶通|filter|band-?pass)/i, 'filter before epoching edge effects epoched'],
  // the same accuracy every run, or exactly chance: a model that answers one class
  [/(?:準確率|accuracy|acc)[^。？?]{0,6}(?:每次都一樣|都一樣|一直是|固定是|永遠是)/i, 'model predicts only one class'],
  [/(?:都|全部|全都|只)(?:猜|預測|判成|判為|分到)(?:同一|一)類|只會(?:猜|預測)/, 'model predicts only one class'],
];

const EN_EN: [RegExp, string][] = [
  [/\bCAR\b/, 'common average reference'],
  [/\bERPs?\b/, 'event-related potential'],
  [/\bMI\b/, 'motor imagery'],
  [/\bAUC\b/, 'area under the ROC curve'],
  [/\bSNR\b/, 'signal-to-noise'],
  [/\bLR\b|\blr\b/, 'learning rate'],
  [/\bIG\b/, 'integrated gradients'],
  [/\bCV\b/, 'cross-validation'],
  // "F1 score" is the metric, not EEGNet's F1 filters
  [/\bf1[- ]?(?:score|分數)|\bmacro[- ]?f1|\bweighted[- ]?f1|F1 分數/i, 'F1 score precision recall harmonic mean'],
  [/\bGPU\b|\bCUDA\b/i, 'GPU CUDA device backend pytorch'],
  // not "M1": M1/M2 are the mastoid electrodes
  [/\bMac(?:Book)?\b|\bApple\b|\bMPS\b|\bROCm\b|\bAMD\b|蘋果/i, 'Apple MPS AMD ROCm devices other than CUDA'],
  // "fine-tune" a pretrained network is not a hyper-parameter search
  [/hyper-?param\w*|grid search|(?<!fine[- ]?)\btun(?:e|ing)\b/i, 'run_sweep sweep hyper-parameter search'],
  [/\bpre-?train\w*|\bfine-?tun\w*/i, 'pretrained fine-tuning'],
  [/file (?:types?|formats?)|\bformats?\b|extensions?/i, 'supported file formats load_data'],
  [/\btaps\b/i, 'filter length'],
  [/\b(?:sharp|steep)(?:er|est|ness)?\b/i, 'steeper edge transition band filter length'],
  [/\bkapa\b/i, 'kappa'],
  [/\bsubjcet\b/i, 'subject'],
  [/\bbeter\b/i, 'better'],
  [/\bacc\b/i, 'accuracy'],
  [/\btopo\w*/i, 'topographic map electrode positions montage set_montage'],
  [/\bwhich (?:channels?|electrodes?)\b.*\b(?:model|network|important|matter|use[sd]?|look)/i, 'saliency compute_saliency'],
  [/\b(?:llm|gpt|chatgpt|openai|language models?)\b/i, 'language model privacy EEG samples'],
  [/\bsaved?\b|\bkeep\b.*\bwork\b|\breload\b/i, 'study.json .xbrain folder saved'],
  [/\bre-?run\w*|\breplicat\w*|\bsame results?\b/i, 'reproduce reproducible'],
  // a result that moves between trainings is a question about seeds and repeats
  [
    /\bre-?train\w*|\bdifferent (?:results?|accuracy|scores?)\b|\b(?:changes?|varies|differs?) (?:every|each) (?:time|run)\b|\bnot reproducible\b/i,
    'seed repeat reproducible',
  ],
  // shorthand researchers type: "val acc", "reref", "downsample to"
  [/\bval\b/i, 'validation'],
  [/\btoo short\b|\bshort(?:er)? epochs?\b/i, 'minimum epoch length'],
  [/\bsubj\b/i, 'subject'],
  [/\bavg\b/i, 'average'],
  [/\bref\b/i, 'reference'],
  [/\bdiff\b|\bdiffrence\b/i, 'difference'],
  [/\breref\w*|\bre-?ref\b/i, 're-reference set_reference'],
  [/\bdownsampl\w*|\bupsampl\w*|\bdecimat\w*/i, 'resample resample_data sampling rate'],
  // artifacts, bad channels, paradigms, band names and other tools by name (h14-kbretrieve)
  [/\bartefacts?\b/i, 'artifact artifacts'],
  [/\bEOG\b|\bblinks?\b|\beye[- ]?movements?\b|\bsaccades?\b/i, 'eye blinks EOG artifacts'],
  [/\bEMG\b|\bmuscle\b|\bjaw\b|\bclench\w*/i, 'muscle EMG artifacts'],
  [/\bharmonics?\b/i, 'harmonics line noise notch'],
  [
    /\b(?:bad|dead|broken|noisy|flat|bridged)\s+(?:channels?|electrodes?|ch|chans?)\b|\b(?:channels?|electrodes?)\b[^.?]{0,20}\b(?:flat|dead|broken|bridged)\b/i,
    'bad channels flat select_channels',
  ],
  [/\bparadigms?\b/i, 'BCI paradigms motor imagery P300 SSVEP resting state'],
  [/\bresting[- ]?state\b|\beyes[- ](?:open|closed)\b/i, 'resting state continuous window_epoch'],
  [/\b(?:alpha|beta|theta|delta|gamma|mu)\b[^.?]{0,20}\b(?:bands?|ranges?|rhythms?)\b/i, 'EEG frequency bands rhythms'],
  [
    /\b(?:MNE|EEGLAB|braindecode)\b[^.?]{0,30}\b(?:vs\.?|versus|compared?|differen\w*|instead|better|replace)\b|\b(?:vs\.?|versus|compared? (?:to|with)|differen\w* (?:from|to)|instead of|why not (?:just )?use|better than|over)\s+(?:MNE|EEGLAB|braindecode)\b|\bbuilt on (?:MNE|EEGLAB|braindecode)\b/i,
    'XBrain compared MNE-Python EEGLAB braindecode which tool',
  ],
  [
    /\bXBrainLab\b[^.?]{0,30}\b(?:vs\.?|versus|compared?|differen\w*|instead|better|replace)\b|\b(?:vs\.?|versus|compared? (?:to|with)|differen\w* (?:from|to)|instead of|better than)\s+XBrainLab\b/i,
    'what XBrain adds to XBrainLab carries over',
  ],
  // h15-kbretrieve: class counts typed as numbers ("80 left against 20 right trials"), a score sitting at a chance
  // figure, held-out people named as "unseen" or "new" subjects, and an ERP paradigm named by its component
  [
    /\b\d+\s+[a-z-]+(?:\s+[a-z-]+)?\s+(?:trials?|epochs?|samples?)?\s*(?:vs\.?|versus|against|and|but only|to)\s+\d+\b[^.?]{0,30}\b(?:trials?|epochs?|samples?|class\w*)\b|\b(?:imbalanced|unbalanced|skewed|uneven)\b/i,
    'class imbalance balanced accuracy',
  ],
  [/\b(?:sits?|stuck|stays?|hovers?|plateaus?|hangs?)\b[^.?]{0,12}\b(?:at|around|near)\s+(?:50|33|25|20)\s*%/i, 'accuracy stuck at chance level'],
  [/\b(?:unseen|new|other|held[- ]out|different)\s+(?:subjects?|people|participants?|users?|persons?)\b/i, 'cross-subject subject split'],
  // an ERP named by its component, asked about its filter (a P300 epoching question stays an epoching question)
  [
    /\b(?:P300|oddball|N170|N200)\b[^.?]{0,30}\b(?:filter\w*|band\w*|high-?pass|low-?pass)|\b(?:filter\w*|band-?pass|high-?pass)\b[^.?]{0,30}\b(?:P300|oddball)\b/i,
    'filters for ERPs high-pass event-related potential',
  ],
  // "X first or Y first", "before or after": a question about the order of steps
  [/\b[a-z-]+\s+first\s+or\s+[a-z-]+(?:\s+first)?\b|\bbefore\s+or\s+after\b|\bwhich\s+(?:comes\s+)?first\b/i, 'order of the preprocessing steps before'],
  [/\bdrift\w*|\bwander\w*/i, 'slow drifts high-pass baseline'],
  [/\bsaturat\w*|\bclipp\w*|\brails?\b/i, 'bad channels saturated clipping'],
  [/\b(?:no|without|skip\w*|drop\w*|zero)\s+(?:the\s+)?(?:validation|val)\b|\bval_ratio\s*=?\s*0\b(?!\.)/i, 'no validation set val_ratio last_epoch'],
  [/\btrain\w*\b[^.?]{0,12}\d+\s*%[^.?]{0,12}\b(?:val\w*|test\w*)\b[^.?]{0,8}\d+\s*%/i, 'overfitting training validation accuracy gap'],
  [/\bval\w*\s+loss\b[^.?]{0,12}\b(?:ris\w*|increas\w*|go(?:es|ing)? up|went up|climb\w*|grow\w*)/i, 'overfitting validation loss rises'],
  // h16-kbretrieve: neurophysiology, recording and spectra in researchers' words and abbreviations
  [/\bERD\b|\bERS\b|\bdesynchroni\w*|\bbeta rebound\b/i, 'event-related desynchronisation ERD ERS mu beta sensorimotor'],
  [/\billitera\w*|\binefficien\w*|\bcannot control\b|\bcan'?t control\b/i, 'BCI inefficiency illiteracy 70 % criterion'],
  [/\bfrequency resolution\b|\bwelch\b|\bperiodogram\b/i, 'power spectra frequency resolution Welch'],
  [/\b(?:spatial|temporal|time) resolution\b|\bvolume conduction\b/i, 'time spatial resolution volume conduction'],
  [/\bimpedances?\b|\b(?:dry|wet|gel) electrodes?\b/i, 'electrode impedance wet dry electrodes'],
  [/\btransfer learning\b|\bcalibration (?:data|session|time|trials?)\b/i, 'transfer learning calibration fine-tuning'],
  [/\baugment\w*/i, 'data augmentation'],
  [/\b1\/f\b|\baperiodic\b|\bpower[- ]law\b/i, '1/f aperiodic power law spectra'],
  [/\bspeller\b/i, 'P300 speller row column flashes'],
  [/\bN170\b|\bN400\b|\bERN\b|\bMMN\b|\bN2\b|\bN200\b|\bP3b\b/, 'ERP components latency'],
  // PhysioNet's identifier of its motor movement/imagery data set
  [/\beegmmidb\b|\beeg-?mmi\b/i, 'PhysioNet EEG Motor Movement/Imagery data set'],
  // data already cut into epochs, then filtered: the edge effects of filtering short epochs
  [
    /\b(?:already|pre-?)\s*(?:cut|epoched|segmented)\b[^.?]{0,40}\b(?:filter\w*|band-?pass\w*|high-?pass\w*)|\b(?:filter\w*|band-?pass\w*)\b[^.?]{0,20}\b(?:after epoching|epoched data|already (?:cut|epoched))/i,
    'filter before epoching edge effects epoched',
  ],
  // the same accuracy on every run, or exactly the chance figure: a model that answers one class
  [
    /\b(?:acc\w*)\b[^.?]{0,20}\b(?:exactly\s+(?:50|33(?:\.3)?|25)(?:\.0+)?\s*%|(?:the )?same (?:every|each) (?:time|run))|\bexactly (?:50|33(?:\.3)?|25)\.0+\s*%/i,
    'model predicts only one class',
  ],
  [/\b(?:predicts?|outputs?|guess(?:es)?|says?)\s+(?:only\s+)?(?:the\s+)?(?:same|one|a single)\s+class\b/i, 'model predicts only one class'],
  // recording from a device is live acquisition (XBrain reads recorded files): the recording section of the knowledge
  // base is about electrodes and rates, the capability is the not-offered real-time section's
  [
    /\brecord\w*\b[^.?]{0,30}\b(?:from|with)\b[^.?]{0,20}\b(?:headsets?|amplifiers?|amps?|devices?|OpenBCI|Emotiv|Muse)\b|\b(?:OpenBCI|Emotiv)\b/i,
    'record from an amplifier live recording real time streaming',
  ],
];

/**
 * Chinese words researchers type for a concept the knowledge base names otherwise (mainland or older usage, near
 * synonyms): 採樣率 is the knowledge base's 取樣率, 數據 its 資料, 正確率 its 準確率. Retrieval matches Chinese by character
 * bigrams, so a variant shares nothing with the section that answers; each is read as the knowledge base's word.
 */
const ZH_VARIANTS: [RegExp, string][] = [
  [/採樣率|抽樣率|採樣頻率|取樣頻率/g, '取樣率'],
  [/降採樣|下採樣|降頻/g, '降取樣'],
  [/重採樣|重取樣/g, '重新取樣'],
  [/信號/g, '訊號'],
  [/數據集/g, '資料集'],
  [/數據/g, '資料'],
  [/正確率|準確度/g, '準確率'],
  [/過度擬合|過適/g, '過擬合'],
  [/被試者?|受測者|受試(?!者)/g, '受試者'],
  [/試驗/g, '試次'],
  [/頻段/g, '頻帶'],
  [/頻道/g, '通道'],
  [/批量/g, '批次'],
  [/窗口/g, '時間窗'],
  [/基準線/g, '基線'],
  [/驗證資料/g, '驗證集'],
  [/測試資料/g, '測試集'],
  [/顯著性圖|熱力圖|熱圖/g, '顯著圖'],
  [/重參考/g, '重新參考'],
  [/工頻/g, '市電'],
  [/默認|缺省/g, '預設'],
  [/機會水準|隨機水準|偶然水準/g, '機率水準'],
  [/網絡/g, '網路'],
  [/學習速率/g, '學習率'],
  [/歸一化/g, '正規化'],
  [/迭代次數|訓練次數/g, '訓練輪數'],
];

/** The query with each Chinese variant read as the knowledge base's word (English text is left as typed). */
export function canonicalZh(query: string): string {
  if (!/[\u4e00-\u9fff]/.test(query)) return query;
  return ZH_VARIANTS.reduce((q, [re, to]) => q.replace(re, to), query);
}

/** The English terms of the concepts a query names (empty when it names none the glossary knows). */
export function glossaryTerms(query: string): string {
  const extra: string[] = [];
  for (const [re, en] of ZH_EN) if (re.test(query)) extra.push(en);
  for (const [re, en] of EN_EN) if (re.test(query)) extra.push(en);
  return [...new Set(extra)].join(' ');
}

/**
 * The Chinese words of the concepts a Chinese question names in English ("baseline 用整段 epoch 的平均可以嗎" → 基線): the
 * Chinese half of a section writes 基線 where the question typed "baseline", so the sentence that answers shared nothing
 * with the question but its English words. Each pair's first Chinese word stands for the concept; an English term counts
 * when it is the first word of the pair's English (the concept's name, not a tool name listed after it).
 */
export function chineseTerms(query: string): string {
  if (!/[\u4e00-\u9fff]/.test(query)) return '';
  const words = new Set(query.toLowerCase().match(/[a-z][a-z-]+/g) ?? []);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const [re, en] of ZH_EN) {
    const head = en.split(' ')[0].toLowerCase();
    // the first pair that names a concept is its word ("resample" is 重新取樣, not 降到 of a later pair)
    if (head.length < 3 || !words.has(head) || seen.has(head)) continue;
    seen.add(head);
    const zh = /^[\u4e00-\u9fff]+/.exec(re.source)?.[0];
    if (zh && !query.includes(zh)) out.push(zh);
  }
  return [...new Set(out)].join(' ');
}

/** The query plus the English terms of the concepts it names. */
export function expandQuery(query: string): string {
  const extra = glossaryTerms(query);
  return extra ? `${query} ${extra}` : query;
}
