import { count } from 'drizzle-orm'
import type { Db } from '../../db/client'
import {
  faqCategories,
  faqCategoryTexts,
  faqQuestions,
  faqQuestionTexts,
  kbArticles,
  kbArticleTexts,
  kbCategories,
  kbCategoryTexts,
  type HelpLocale,
} from './help.tables'

/** [title, body] per language: a question and its answer, a heading and its subtitle, an article and its Markdown. */
type Texts = Record<HelpLocale, [string, string]>

interface FaqSeed {
  key: string
  icon: string
  texts: Texts
  questions: Texts[]
}

interface KbSeed {
  slug: string
  icon: string
  iconColor: string
  img: string | null
  texts: Texts
  articles: Array<{ slug: string; texts: Texts }>
}

/** The FAQ of /pages/faq and GET /faq/data: what this product does, in the four UI languages. */
export const faqSeed: FaqSeed[] = [
  {
    key: 'getting-started',
    icon: 'rocket',
    texts: {
      en: ['Getting started', 'Licence, channels and the sandbox'],
      de: ['Erste Schritte', 'Lizenz, Kanäle und die Sandbox'],
      fr: ['Premiers pas', 'Licence, chaînes et bac à sable'],
      pt: ['Primeiros passos', 'Licença, canais e sandbox'],
    },
    questions: [
      {
        en: [
          'How do I activate my licence?',
          'Open License Activation in the menu, paste the licence key you received and confirm. The licence starts that day and runs for its number of days; the dashboard shows how many are left.',
        ],
        de: [
          'Wie aktiviere ich meine Lizenz?',
          'Öffne im Menü die Lizenzaktivierung, füge den Lizenzschlüssel ein, den du bekommen hast, und bestätige. Die Lizenz beginnt an diesem Tag und läuft so viele Tage, wie sie umfasst; das Dashboard zeigt, wie viele noch übrig sind.',
        ],
        fr: [
          'Comment activer ma licence ?',
          'Ouvre l’activation de licence dans le menu, colle la clé de licence reçue et confirme. La licence commence ce jour-là et dure son nombre de jours ; le tableau de bord affiche les jours restants.',
        ],
        pt: [
          'Como ativo a minha licença?',
          'Abre a ativação de licença no menu, cola a chave de licença que recebeste e confirma. A licença começa nesse dia e dura o seu número de dias; o painel mostra quantos faltam.',
        ],
      },
      {
        en: [
          'How do I connect my Twitch or Kick channel?',
          'On the Bot-Panel choose Connect and sign in on the platform’s own page (OAuth). We ask only for the permissions the modules need, store the tokens encrypted and revoke them when you disconnect.',
        ],
        de: [
          'Wie verbinde ich meinen Twitch- oder Kick-Kanal?',
          'Wähle im Bot-Panel „Verbinden“ und melde dich auf der Seite der Plattform selbst an (OAuth). Wir fragen nur die Rechte an, die die Module brauchen, speichern die Tokens verschlüsselt und widerrufen sie, wenn du den Kanal trennst.',
        ],
        fr: [
          'Comment connecter ma chaîne Twitch ou Kick ?',
          'Dans le Bot-Panel, choisis Connecter et identifie-toi sur la page de la plateforme elle-même (OAuth). Nous ne demandons que les droits dont les modules ont besoin, chiffrons les jetons et les révoquons quand tu te déconnectes.',
        ],
        pt: [
          'Como ligo o meu canal Twitch ou Kick?',
          'No Bot-Panel escolhe Ligar e entra na página da própria plataforma (OAuth). Pedimos só as permissões de que os módulos precisam, guardamos os tokens cifrados e revogamo-los quando desligas o canal.',
        ],
      },
      {
        en: [
          'What is the sandbox channel?',
          'A simulated Twitch channel that runs inside the dashboard. Write as a test viewer in the Chatboard’s test console, start a stream, follow or raid, and watch the bot answer. Nothing in the sandbox touches a real platform or counts towards a plan limit.',
        ],
        de: [
          'Was ist der Sandbox-Kanal?',
          'Ein simulierter Twitch-Kanal, der im Dashboard selbst läuft. Schreib in der Testkonsole des Chatboards als Testzuschauer, starte einen Stream, folge oder raide und sieh zu, wie der Bot antwortet. Nichts in der Sandbox berührt eine echte Plattform oder zählt zu einem Tariflimit.',
        ],
        fr: [
          'Qu’est-ce que la chaîne bac à sable ?',
          'Une chaîne Twitch simulée qui tourne dans le tableau de bord. Écris comme spectateur de test dans la console du Chatboard, lance un stream, suis ou raide, et regarde le bot répondre. Rien dans le bac à sable ne touche une vraie plateforme ni ne compte dans une limite d’offre.',
        ],
        pt: [
          'O que é o canal sandbox?',
          'Um canal Twitch simulado que corre dentro do painel. Escreve como espectador de teste na consola do Chatboard, inicia uma transmissão, segue ou faz raid e vê o bot responder. Nada na sandbox toca numa plataforma real nem conta para um limite do plano.',
        ],
      },
      {
        en: [
          'Which language does the assistant answer in?',
          'In whatever language you write its commands and answers in: the bot repeats your texts, it does not translate them. The dashboard itself is available in English, German, French and Portuguese.',
        ],
        de: [
          'In welcher Sprache antwortet der Assistent?',
          'In der Sprache, in der du seine Befehle und Antworten schreibst: Der Bot gibt deine Texte wieder und übersetzt sie nicht. Das Dashboard selbst gibt es auf Englisch, Deutsch, Französisch und Portugiesisch.',
        ],
        fr: [
          'Dans quelle langue l’assistant répond-il ?',
          'Dans la langue où tu écris ses commandes et ses réponses : le bot reprend tes textes, il ne les traduit pas. Le tableau de bord lui-même existe en anglais, allemand, français et portugais.',
        ],
        pt: [
          'Em que língua responde o assistente?',
          'Na língua em que escreves os comandos e as respostas: o bot repete os teus textos, não os traduz. O próprio painel existe em inglês, alemão, francês e português.',
        ],
      },
    ],
  },
  {
    key: 'bot-modules',
    icon: 'bot',
    texts: {
      en: ['Bot modules', 'What each module does'],
      de: ['Bot-Module', 'Was jedes Modul macht'],
      fr: ['Modules du bot', 'Ce que fait chaque module'],
      pt: ['Módulos do bot', 'O que faz cada módulo'],
    },
    questions: [
      {
        en: [
          'What does the chat bot do?',
          'It answers the commands you define, such as !discord or !hello, with your text. Variables like ${user}, ${touser}, ${count}, ${uptime} and ${random a|b} are filled in; each command has a permission level and cooldowns per command and per viewer.',
        ],
        de: [
          'Was macht der Chatbot?',
          'Er beantwortet die Befehle, die du festlegst, etwa !discord oder !hello, mit deinem Text. Variablen wie ${user}, ${touser}, ${count}, ${uptime} und ${random a|b} werden eingesetzt; jeder Befehl hat eine Berechtigungsstufe und Abklingzeiten pro Befehl und pro Zuschauer.',
        ],
        fr: [
          'Que fait le chat bot ?',
          'Il répond aux commandes que tu définis, comme !discord ou !hello, avec ton texte. Les variables ${user}, ${touser}, ${count}, ${uptime} et ${random a|b} sont remplies ; chaque commande a un niveau de permission et des délais par commande et par spectateur.',
        ],
        pt: [
          'O que faz o chat bot?',
          'Responde aos comandos que defines, como !discord ou !hello, com o teu texto. Variáveis como ${user}, ${touser}, ${count}, ${uptime} e ${random a|b} são preenchidas; cada comando tem um nível de permissão e tempos de espera por comando e por espectador.',
        ],
      },
      {
        en: [
          'What is the category chat bot?',
          'Command sets tied to the category (game) you stream. A command bound to a category answers only while your stream is in it, so each game can have its own !rules or !build.',
        ],
        de: [
          'Was ist der Kategorie-Chatbot?',
          'Befehlssätze, die an die Kategorie (das Spiel) gebunden sind, die du streamst. Ein an eine Kategorie gebundener Befehl antwortet nur, solange dein Stream in ihr läuft; so hat jedes Spiel sein eigenes !rules oder !build.',
        ],
        fr: [
          'Qu’est-ce que le chat bot par catégorie ?',
          'Des jeux de commandes liés à la catégorie (le jeu) que tu diffuses. Une commande liée à une catégorie ne répond que pendant que ton stream y est, chaque jeu peut donc avoir son propre !rules ou !build.',
        ],
        pt: [
          'O que é o chat bot por categoria?',
          'Conjuntos de comandos ligados à categoria (jogo) que transmites. Um comando ligado a uma categoria só responde enquanto a transmissão está nela, por isso cada jogo pode ter o seu próprio !rules ou !build.',
        ],
      },
      {
        en: [
          'What does the conversation bot do?',
          'It answers viewers’ questions in chat without a command, by keyword, phrase or pattern rules you write. Your plan sets how many conversation answers it gives per month.',
        ],
        de: [
          'Was macht der Konversations-Bot?',
          'Er beantwortet Fragen von Zuschauern im Chat ohne Befehl, anhand von Stichwort-, Satz- oder Musterregeln, die du schreibst. Dein Tarif legt fest, wie viele Konversationsantworten er pro Monat gibt.',
        ],
        fr: [
          'Que fait le bot de conversation ?',
          'Il répond aux questions des spectateurs dans le chat sans commande, selon des règles par mot-clé, phrase ou motif que tu écris. Ton offre fixe le nombre de réponses de conversation par mois.',
        ],
        pt: [
          'O que faz o bot de conversa?',
          'Responde às perguntas dos espectadores no chat sem comando, por regras de palavra-chave, frase ou padrão que escreves. O teu plano define quantas respostas de conversa dá por mês.',
        ],
      },
      {
        en: [
          'How do timers work?',
          'A timer posts its message every N minutes (at least 5), but only once at least M chat lines have passed since its last message, so a quiet chat is not flooded.',
        ],
        de: [
          'Wie funktionieren Timer?',
          'Ein Timer schreibt seine Nachricht alle N Minuten (mindestens 5), aber erst, wenn seit seiner letzten Nachricht mindestens M Chatzeilen geschrieben wurden; ein ruhiger Chat wird so nicht zugeschüttet.',
        ],
        fr: [
          'Comment fonctionnent les minuteurs ?',
          'Un minuteur publie son message toutes les N minutes (au moins 5), mais seulement après au moins M lignes de chat depuis son dernier message : un chat calme n’est pas inondé.',
        ],
        pt: [
          'Como funcionam os temporizadores?',
          'Um temporizador publica a mensagem a cada N minutos (no mínimo 5), mas só depois de passarem pelo menos M linhas de chat desde a última mensagem, para não inundar um chat calmo.',
        ],
      },
      {
        en: [
          'How do raids and raid announcements work?',
          'From the Raid Panel you search a live channel and start a raid through Twitch; the bot can announce it and give the raided channel a shoutout. Each channel may raid once per 24 hours. Kick offers no raid API, so the panel says so.',
        ],
        de: [
          'Wie funktionieren Raids und Raid-Ankündigungen?',
          'Im Raid-Panel suchst du einen Live-Kanal und startest den Raid über Twitch; der Bot kann ihn ankündigen und dem geraideten Kanal einen Shoutout geben. Jeder Kanal darf einmal pro 24 Stunden raiden. Kick bietet keine Raid-Schnittstelle, das Panel sagt es dir.',
        ],
        fr: [
          'Comment fonctionnent les raids et leurs annonces ?',
          'Dans le Raid Panel, tu cherches une chaîne en direct et lances le raid via Twitch ; le bot peut l’annoncer et faire un shoutout à la chaîne raidée. Chaque chaîne peut raider une fois toutes les 24 heures. Kick n’offre pas d’API de raid, le panneau l’indique.',
        ],
        pt: [
          'Como funcionam os raids e os anúncios de raid?',
          'No Raid Panel procuras um canal em direto e inicias o raid pela Twitch; o bot pode anunciá-lo e dar um shoutout ao canal. Cada canal pode fazer um raid a cada 24 horas. A Kick não oferece API de raid e o painel di-lo.',
        ],
      },
    ],
  },
  {
    key: 'plans-and-limits',
    icon: 'credit-card',
    texts: {
      en: ['Plans and limits', 'What each plan includes'],
      de: ['Tarife und Limits', 'Was jeder Tarif enthält'],
      fr: ['Offres et limites', 'Ce que comprend chaque offre'],
      pt: ['Planos e limites', 'O que inclui cada plano'],
    },
    questions: [
      {
        en: [
          'What do the plans include?',
          'Starter: 1 channel, 25 commands, 3 timers, 500 conversation answers a month. Headstarter: 2 channels, 100 commands, 10 timers, 5,000 answers. Pro: 4 channels, 500 commands, 50 timers, 50,000 answers. Custom: limits on request.',
        ],
        de: [
          'Was enthalten die Tarife?',
          'Starter: 1 Kanal, 25 Befehle, 3 Timer, 500 Konversationsantworten im Monat. Headstarter: 2 Kanäle, 100 Befehle, 10 Timer, 5.000 Antworten. Pro: 4 Kanäle, 500 Befehle, 50 Timer, 50.000 Antworten. Custom: Limits auf Anfrage.',
        ],
        fr: [
          'Que comprennent les offres ?',
          'Starter : 1 chaîne, 25 commandes, 3 minuteurs, 500 réponses de conversation par mois. Headstarter : 2 chaînes, 100 commandes, 10 minuteurs, 5 000 réponses. Pro : 4 chaînes, 500 commandes, 50 minuteurs, 50 000 réponses. Custom : limites sur demande.',
        ],
        pt: [
          'O que incluem os planos?',
          'Starter: 1 canal, 25 comandos, 3 temporizadores, 500 respostas de conversa por mês. Headstarter: 2 canais, 100 comandos, 10 temporizadores, 5.000 respostas. Pro: 4 canais, 500 comandos, 50 temporizadores, 50.000 respostas. Custom: limites a pedido.',
        ],
      },
      {
        en: [
          'What happens when I reach a limit?',
          'The dashboard tells you which limit you reached and saves nothing beyond it; everything you already have keeps working. Remove an entry or move to a larger plan to add more.',
        ],
        de: [
          'Was passiert, wenn ich ein Limit erreiche?',
          'Das Dashboard sagt dir, welches Limit erreicht ist, und speichert nichts darüber hinaus; alles, was du schon hast, läuft weiter. Lösche einen Eintrag oder wechsle in einen größeren Tarif, um mehr hinzuzufügen.',
        ],
        fr: [
          'Que se passe-t-il quand j’atteins une limite ?',
          'Le tableau de bord indique la limite atteinte et n’enregistre rien au-delà ; tout ce que tu as déjà continue de fonctionner. Supprime une entrée ou passe à une offre supérieure pour en ajouter.',
        ],
        pt: [
          'O que acontece quando chego a um limite?',
          'O painel diz-te que limite atingiste e não guarda nada além dele; tudo o que já tens continua a funcionar. Remove uma entrada ou passa para um plano maior para adicionar mais.',
        ],
      },
      {
        en: [
          'Can I try it before I pay?',
          'Yes. A new account runs its assistant with the Starter plan’s limits until it takes a plan, and the sandbox channel lets you try the bot with test viewers.',
        ],
        de: [
          'Kann ich es ausprobieren, bevor ich bezahle?',
          'Ja. Ein neues Konto betreibt seinen Assistenten mit den Limits des Starter-Tarifs, bis es einen Tarif wählt, und im Sandbox-Kanal probierst du den Bot mit Testzuschauern aus.',
        ],
        fr: [
          'Puis-je essayer avant de payer ?',
          'Oui. Un nouveau compte fait tourner son assistant avec les limites de l’offre Starter jusqu’à ce qu’il choisisse une offre, et la chaîne bac à sable te permet d’essayer le bot avec des spectateurs de test.',
        ],
        pt: [
          'Posso experimentar antes de pagar?',
          'Sim. Uma conta nova usa o assistente com os limites do plano Starter até escolher um plano, e o canal sandbox permite-te experimentar o bot com espectadores de teste.',
        ],
      },
      {
        en: [
          'How can I pay?',
          'By bank transfer: the shop turns your cart into an invoice, and the licence starts when the payment is recorded. A reseller may also give you a licence key directly.',
        ],
        de: [
          'Wie kann ich bezahlen?',
          'Per Überweisung: Der Shop macht aus deinem Warenkorb eine Rechnung, und die Lizenz beginnt, sobald die Zahlung erfasst ist. Ein Reseller kann dir auch direkt einen Lizenzschlüssel geben.',
        ],
        fr: [
          'Comment puis-je payer ?',
          'Par virement : la boutique transforme ton panier en facture, et la licence commence dès que le paiement est enregistré. Un revendeur peut aussi te donner directement une clé de licence.',
        ],
        pt: [
          'Como posso pagar?',
          'Por transferência bancária: a loja transforma o teu carrinho numa fatura, e a licença começa quando o pagamento é registado. Um revendedor também te pode dar diretamente uma chave de licença.',
        ],
      },
    ],
  },
  {
    key: 'fair-play',
    icon: 'shield',
    texts: {
      en: ['Fair play', 'Real viewers only'],
      de: ['Fair Play', 'Nur echte Zuschauer'],
      fr: ['Fair-play', 'Uniquement de vrais spectateurs'],
      pt: ['Jogo limpo', 'Só espectadores reais'],
    },
    questions: [
      // Each question stays on one line with its answer (the answer says no).
      // prettier-ignore
      {
        en: ['Do you offer viewer bots or follow bots?', 'No, and we never will. The product helps you run your own channel; it never fakes an audience: no viewer bots, follow bots, artificial chatters or bought views. Twitch and Kick forbid them and they put your channel at risk.'],
        de: ['Bietet ihr Zuschauer-Bots oder Follow-Bots an?', 'Nein, und das wird sich nie ändern. Das Produkt hilft dir, deinen eigenen Kanal zu betreiben; es täuscht nie ein Publikum vor: keine Zuschauer-Bots, keine Follow-Bots, keine künstlichen Chatter, keine gekauften Aufrufe. Twitch und Kick verbieten das, und es gefährdet deinen Kanal.'],
        fr: ['Proposez-vous des bots de spectateurs ou de follows ?', 'Non, et ce ne sera jamais le cas. Le produit t’aide à gérer ta propre chaîne ; il ne simule jamais d’audience : ni bots de spectateurs, ni bots de follows, ni faux chatteurs, ni vues achetées. Twitch et Kick les interdisent et ils mettent ta chaîne en danger.'],
        pt: ['Oferecem bots de espectadores ou de follows?', 'Não, e nunca vamos oferecer. O produto ajuda-te a gerir o teu próprio canal; nunca simula público: nada de bots de espectadores, bots de follows, chatters artificiais ou visualizações compradas. A Twitch e a Kick proíbem-nos e põem o teu canal em risco.'],
      },
      {
        en: [
          'Where do the figures on my dashboards come from?',
          'From the platform itself: followers, viewers, video and clip views are read from Twitch or Kick as they report them. The sandbox channel never counts in any figure.',
        ],
        de: [
          'Woher kommen die Zahlen auf meinen Dashboards?',
          'Von der Plattform selbst: Follower, Zuschauer, Video- und Clip-Aufrufe werden so von Twitch oder Kick gelesen, wie sie sie melden. Der Sandbox-Kanal zählt in keiner Zahl mit.',
        ],
        fr: [
          'D’où viennent les chiffres de mes tableaux de bord ?',
          'De la plateforme elle-même : abonnés, spectateurs, vues de vidéos et de clips sont lus chez Twitch ou Kick tels qu’ils les publient. La chaîne bac à sable ne compte dans aucun chiffre.',
        ],
        pt: [
          'De onde vêm os números dos meus painéis?',
          'Da própria plataforma: seguidores, espectadores e visualizações de vídeos e clips são lidos da Twitch ou da Kick tal como os reportam. O canal sandbox nunca conta em nenhum número.',
        ],
      },
      {
        en: [
          'Does the bot say that it is a bot?',
          'Yes. It speaks as your channel’s clearly named bot account (or as you, if you connect none), through the platform’s official chat API and within its message limits.',
        ],
        de: [
          'Gibt sich der Bot als Bot zu erkennen?',
          'Ja. Er spricht als klar benanntes Bot-Konto deines Kanals (oder als du, wenn du keines verbindest), über die offizielle Chat-Schnittstelle der Plattform und innerhalb ihrer Nachrichtenlimits.',
        ],
        fr: [
          'Le bot dit-il qu’il est un bot ?',
          'Oui. Il parle avec le compte bot clairement nommé de ta chaîne (ou en ton nom si tu n’en connectes pas), via l’API de chat officielle de la plateforme et dans ses limites de messages.',
        ],
        pt: [
          'O bot diz que é um bot?',
          'Sim. Fala como a conta de bot claramente identificada do teu canal (ou como tu, se não ligares nenhuma), pela API oficial de chat da plataforma e dentro dos seus limites de mensagens.',
        ],
      },
    ],
  },
  {
    key: 'troubleshooting',
    icon: 'wrench',
    texts: {
      en: ['Troubleshooting', 'When the bot stays quiet'],
      de: ['Fehlerbehebung', 'Wenn der Bot still bleibt'],
      fr: ['Dépannage', 'Quand le bot reste muet'],
      pt: ['Resolução de problemas', 'Quando o bot fica calado'],
    },
    questions: [
      {
        en: [
          'The bot does not answer in my chat. What can I check?',
          'Check that the channel is connected, that the Bot-Panel is active (or Autostart is on and you are live), and that the module is switched on under Enable/Disable. The Bot-Panel shows the bot’s status and its last error.',
        ],
        de: [
          'Der Bot antwortet nicht in meinem Chat. Was kann ich prüfen?',
          'Prüfe, ob der Kanal verbunden ist, ob das Bot-Panel aktiv ist (oder Autostart an ist und du live bist) und ob das Modul unter Aktivieren/Deaktivieren eingeschaltet ist. Das Bot-Panel zeigt den Status des Bots und seinen letzten Fehler.',
        ],
        fr: [
          'Le bot ne répond pas dans mon chat. Que vérifier ?',
          'Vérifie que la chaîne est connectée, que le Bot-Panel est actif (ou que le démarrage auto est activé et que tu es en direct) et que le module est allumé dans Activer/Désactiver. Le Bot-Panel affiche l’état du bot et sa dernière erreur.',
        ],
        pt: [
          'O bot não responde no meu chat. O que posso verificar?',
          'Verifica se o canal está ligado, se o Bot-Panel está ativo (ou se o arranque automático está ligado e estás em direto) e se o módulo está ligado em Ativar/Desativar. O Bot-Panel mostra o estado do bot e o último erro.',
        ],
      },
      {
        en: [
          'My channel says “reconnect the channel”.',
          'The platform refused to renew the bot’s access, for example after you changed your password or removed the app. Connect the channel again from the Bot-Panel; your commands and timers stay as they are.',
        ],
        de: [
          'Mein Kanal zeigt „Kanal neu verbinden“.',
          'Die Plattform hat die Verlängerung des Zugriffs abgelehnt, etwa nachdem du dein Passwort geändert oder die App entfernt hast. Verbinde den Kanal im Bot-Panel erneut; deine Befehle und Timer bleiben erhalten.',
        ],
        fr: [
          'Ma chaîne affiche « reconnecter la chaîne ».',
          'La plateforme a refusé de renouveler l’accès du bot, par exemple après un changement de mot de passe ou la suppression de l’application. Reconnecte la chaîne depuis le Bot-Panel ; tes commandes et minuteurs restent intacts.',
        ],
        pt: [
          'O meu canal diz “voltar a ligar o canal”.',
          'A plataforma recusou renovar o acesso do bot, por exemplo depois de mudares a palavra-passe ou removeres a aplicação. Liga o canal de novo no Bot-Panel; os teus comandos e temporizadores ficam como estão.',
        ],
      },
      {
        en: [
          'Where can I see what the bot said?',
          'The Chatboard shows your channel’s recent chat lines live, the bot’s answers included, and lets you moderate them.',
        ],
        de: [
          'Wo sehe ich, was der Bot geschrieben hat?',
          'Das Chatboard zeigt die letzten Chatzeilen deines Kanals live, die Antworten des Bots eingeschlossen, und lässt dich sie moderieren.',
        ],
        fr: [
          'Où voir ce que le bot a dit ?',
          'Le Chatboard affiche en direct les dernières lignes du chat de ta chaîne, réponses du bot comprises, et te permet de les modérer.',
        ],
        pt: [
          'Onde vejo o que o bot disse?',
          'O Chatboard mostra em direto as últimas linhas do chat do teu canal, incluindo as respostas do bot, e deixa-te moderá-las.',
        ],
      },
    ],
  },
]

/** The knowledge base: categories with articles (Markdown bodies), in the four UI languages. */
export const kbSeed: KbSeed[] = [
  {
    slug: 'getting-started',
    icon: 'rocket',
    iconColor: 'text-primary',
    img: null,
    texts: {
      en: ['Getting started', 'Activate your licence, connect a channel, try the sandbox.'],
      de: ['Erste Schritte', 'Lizenz aktivieren, Kanal verbinden, Sandbox ausprobieren.'],
      fr: ['Premiers pas', 'Active ta licence, connecte une chaîne, essaie le bac à sable.'],
      pt: ['Primeiros passos', 'Ativa a licença, liga um canal, experimenta a sandbox.'],
    },
    articles: [
      {
        slug: 'activate-your-licence',
        texts: {
          en: [
            'Activate your licence',
            'A licence key unlocks your plan.\n\n1. Open **License Activation** in the menu.\n2. Paste your key and confirm.\n3. The dashboard shows your plan and the days left.\n\nA key can be used once. If it was given to someone else or revoked, the page says so.',
          ],
          de: [
            'Lizenz aktivieren',
            'Ein Lizenzschlüssel schaltet deinen Tarif frei.\n\n1. Öffne im Menü die **Lizenzaktivierung**.\n2. Füge deinen Schlüssel ein und bestätige.\n3. Das Dashboard zeigt deinen Tarif und die verbleibenden Tage.\n\nEin Schlüssel gilt nur einmal. Wurde er jemand anderem gegeben oder widerrufen, sagt es dir die Seite.',
          ],
          fr: [
            'Activer ta licence',
            'Une clé de licence débloque ton offre.\n\n1. Ouvre **Activation de licence** dans le menu.\n2. Colle ta clé et confirme.\n3. Le tableau de bord affiche ton offre et les jours restants.\n\nUne clé ne sert qu’une fois. Si elle a été donnée à quelqu’un d’autre ou révoquée, la page l’indique.',
          ],
          pt: [
            'Ativar a licença',
            'Uma chave de licença desbloqueia o teu plano.\n\n1. Abre **Ativação de licença** no menu.\n2. Cola a chave e confirma.\n3. O painel mostra o plano e os dias que faltam.\n\nUma chave só serve uma vez. Se foi dada a outra pessoa ou revogada, a página diz-to.',
          ],
        },
      },
      {
        slug: 'connect-twitch-and-kick',
        texts: {
          en: [
            'Connect Twitch and Kick',
            'Your channel is connected with the platform’s own sign-in (OAuth; Kick with PKCE).\n\n- Open the **Bot-Panel** (Twitch) or the **Kick panel** and choose Connect.\n- Sign in on Twitch or Kick and allow the listed permissions: chat, moderation, followers.\n- Optionally connect a second account as the bot, so it speaks under its own clearly named name.\n\nTokens are stored encrypted and revoked when you disconnect.',
          ],
          de: [
            'Twitch und Kick verbinden',
            'Dein Kanal wird mit der Anmeldung der Plattform selbst verbunden (OAuth; Kick mit PKCE).\n\n- Öffne das **Bot-Panel** (Twitch) oder das **Kick-Panel** und wähle „Verbinden“.\n- Melde dich bei Twitch oder Kick an und erlaube die genannten Rechte: Chat, Moderation, Follower.\n- Verbinde auf Wunsch ein zweites Konto als Bot, damit er unter einem eigenen, klar erkennbaren Namen schreibt.\n\nTokens werden verschlüsselt gespeichert und beim Trennen widerrufen.',
          ],
          fr: [
            'Connecter Twitch et Kick',
            'Ta chaîne est connectée avec l’identification de la plateforme elle-même (OAuth ; Kick avec PKCE).\n\n- Ouvre le **Bot-Panel** (Twitch) ou le **panneau Kick** et choisis Connecter.\n- Identifie-toi sur Twitch ou Kick et autorise les droits listés : chat, modération, abonnés.\n- Connecte si tu veux un second compte comme bot, pour qu’il parle sous son propre nom clairement identifié.\n\nLes jetons sont chiffrés et révoqués quand tu te déconnectes.',
          ],
          pt: [
            'Ligar a Twitch e a Kick',
            'O teu canal é ligado com o início de sessão da própria plataforma (OAuth; Kick com PKCE).\n\n- Abre o **Bot-Panel** (Twitch) ou o **painel Kick** e escolhe Ligar.\n- Entra na Twitch ou na Kick e autoriza as permissões indicadas: chat, moderação, seguidores.\n- Se quiseres, liga uma segunda conta como bot, para que fale com o seu próprio nome bem identificado.\n\nOs tokens são guardados cifrados e revogados quando desligas.',
          ],
        },
      },
      {
        slug: 'try-the-sandbox',
        texts: {
          en: [
            'Try the sandbox channel',
            'No Twitch or Kick account is needed to see the assistant work.\n\n1. Connect a **sandbox channel** from the Bot-Panel (up to 3 per account).\n2. Open the **Chatboard** and write `!hello` as a test viewer in the test console.\n3. Start and end a stream, follow, raid or make a clip to try timers, thank-yous and the dashboards.\n\nThe sandbox never touches a real platform and counts in no figure or plan limit.',
          ],
          de: [
            'Den Sandbox-Kanal ausprobieren',
            'Du brauchst kein Twitch- oder Kick-Konto, um den Assistenten arbeiten zu sehen.\n\n1. Verbinde im Bot-Panel einen **Sandbox-Kanal** (bis zu 3 pro Konto).\n2. Öffne das **Chatboard** und schreib in der Testkonsole als Testzuschauer `!hello`.\n3. Starte und beende einen Stream, folge, raide oder erstelle einen Clip, um Timer, Dankesnachrichten und die Dashboards auszuprobieren.\n\nDie Sandbox berührt nie eine echte Plattform und zählt in keiner Zahl und keinem Tariflimit.',
          ],
          fr: [
            'Essayer la chaîne bac à sable',
            'Aucun compte Twitch ou Kick n’est nécessaire pour voir l’assistant à l’œuvre.\n\n1. Connecte une **chaîne bac à sable** depuis le Bot-Panel (jusqu’à 3 par compte).\n2. Ouvre le **Chatboard** et écris `!hello` comme spectateur de test dans la console.\n3. Lance et arrête un stream, suis, raide ou crée un clip pour essayer minuteurs, remerciements et tableaux de bord.\n\nLe bac à sable ne touche jamais une vraie plateforme et ne compte dans aucun chiffre ni limite d’offre.',
          ],
          pt: [
            'Experimentar o canal sandbox',
            'Não precisas de conta Twitch ou Kick para ver o assistente a trabalhar.\n\n1. Liga um **canal sandbox** no Bot-Panel (até 3 por conta).\n2. Abre o **Chatboard** e escreve `!hello` como espectador de teste na consola.\n3. Inicia e termina uma transmissão, segue, faz raid ou cria um clip para experimentar temporizadores, agradecimentos e painéis.\n\nA sandbox nunca toca numa plataforma real e não conta em nenhum número nem limite do plano.',
          ],
        },
      },
    ],
  },
  {
    slug: 'bot-modules',
    icon: 'bot',
    iconColor: 'text-success',
    img: null,
    texts: {
      en: ['Bot modules', 'Chat bot, category chat bot, conversation bot, timers and raids.'],
      de: ['Bot-Module', 'Chatbot, Kategorie-Chatbot, Konversations-Bot, Timer und Raids.'],
      fr: ['Modules du bot', 'Chat bot, chat bot par catégorie, bot de conversation, minuteurs et raids.'],
      pt: ['Módulos do bot', 'Chat bot, chat bot por categoria, bot de conversa, temporizadores e raids.'],
    },
    articles: [
      {
        slug: 'chat-commands',
        texts: {
          en: [
            'Write chat commands',
            'A command is a name such as `!discord` and the text the bot answers.\n\n## Variables\n- `${user}`: who wrote the command\n- `${touser}`: the first word after it, or the writer\n- `${count}`: how often the command was used\n- `${uptime}`: how long the stream has been live\n- `${random a|b}`: one of the choices\n\n## Who and how often\nEach command has a permission level (everyone, subscribers, moderators) and cooldowns per command and per viewer. The bot answers in the language you write the text in.',
          ],
          de: [
            'Chatbefehle schreiben',
            'Ein Befehl ist ein Name wie `!discord` und der Text, mit dem der Bot antwortet.\n\n## Variablen\n- `${user}`: wer den Befehl geschrieben hat\n- `${touser}`: das erste Wort danach oder der Schreiber\n- `${count}`: wie oft der Befehl benutzt wurde\n- `${uptime}`: wie lange der Stream schon läuft\n- `${random a|b}`: eine der Möglichkeiten\n\n## Wer und wie oft\nJeder Befehl hat eine Berechtigungsstufe (alle, Abonnenten, Moderatoren) und Abklingzeiten pro Befehl und pro Zuschauer. Der Bot antwortet in der Sprache, in der du den Text schreibst.',
          ],
          fr: [
            'Écrire des commandes de chat',
            'Une commande est un nom comme `!discord` et le texte que le bot répond.\n\n## Variables\n- `${user}` : qui a écrit la commande\n- `${touser}` : le premier mot après, ou l’auteur\n- `${count}` : combien de fois la commande a servi\n- `${uptime}` : depuis quand le stream est en direct\n- `${random a|b}` : l’un des choix\n\n## Qui et à quelle fréquence\nChaque commande a un niveau de permission (tous, abonnés, modérateurs) et des délais par commande et par spectateur. Le bot répond dans la langue où tu écris le texte.',
          ],
          pt: [
            'Escrever comandos de chat',
            'Um comando é um nome como `!discord` e o texto com que o bot responde.\n\n## Variáveis\n- `${user}`: quem escreveu o comando\n- `${touser}`: a primeira palavra a seguir, ou quem escreveu\n- `${count}`: quantas vezes o comando foi usado\n- `${uptime}`: há quanto tempo a transmissão está em direto\n- `${random a|b}`: uma das opções\n\n## Quem e com que frequência\nCada comando tem um nível de permissão (todos, subscritores, moderadores) e tempos de espera por comando e por espectador. O bot responde na língua em que escreves o texto.',
          ],
        },
      },
      {
        slug: 'timers-and-categories',
        texts: {
          en: [
            'Timers and category commands',
            '## Timers\nA timer repeats a message every N minutes (at least 5) once M chat lines have passed, so it never talks to an empty chat.\n\n## Category chat bot\nBind a command to a category (game) and it answers only while your stream is in that category. Switch the module on or off under **Enable/Disable**.',
          ],
          de: [
            'Timer und Kategorie-Befehle',
            '## Timer\nEin Timer wiederholt eine Nachricht alle N Minuten (mindestens 5), sobald M Chatzeilen vergangen sind; er redet also nie in einen leeren Chat.\n\n## Kategorie-Chatbot\nBinde einen Befehl an eine Kategorie (ein Spiel), dann antwortet er nur, solange dein Stream in dieser Kategorie ist. Schalte das Modul unter **Aktivieren/Deaktivieren** ein oder aus.',
          ],
          fr: [
            'Minuteurs et commandes par catégorie',
            '## Minuteurs\nUn minuteur répète un message toutes les N minutes (au moins 5) après M lignes de chat : il ne parle jamais dans un chat vide.\n\n## Chat bot par catégorie\nLie une commande à une catégorie (un jeu) et elle ne répond que lorsque ton stream est dans cette catégorie. Allume ou éteins le module dans **Activer/Désactiver**.',
          ],
          pt: [
            'Temporizadores e comandos por categoria',
            '## Temporizadores\nUm temporizador repete uma mensagem a cada N minutos (no mínimo 5) depois de M linhas de chat, por isso nunca fala para um chat vazio.\n\n## Chat bot por categoria\nLiga um comando a uma categoria (jogo) e ele só responde enquanto a transmissão estiver nessa categoria. Liga ou desliga o módulo em **Ativar/Desativar**.',
          ],
        },
      },
      {
        slug: 'conversation-bot',
        texts: {
          en: [
            'The conversation bot',
            'The conversation bot answers questions viewers ask in plain chat, without a command.\n\n- Write rules: a keyword, a phrase or a pattern, and the answer.\n- Give rules a priority and cooldowns.\n- Your plan sets the conversation answers per month (500, 5,000 or 50,000).\n\nIt speaks as your channel’s bot account, through the same chat queue and limits as every other module.',
          ],
          de: [
            'Der Konversations-Bot',
            'Der Konversations-Bot beantwortet Fragen, die Zuschauer ganz normal im Chat stellen, ohne Befehl.\n\n- Schreib Regeln: ein Stichwort, einen Satz oder ein Muster und die Antwort.\n- Gib Regeln eine Priorität und Abklingzeiten.\n- Dein Tarif legt die Konversationsantworten pro Monat fest (500, 5.000 oder 50.000).\n\nEr spricht als Bot-Konto deines Kanals, über dieselbe Chat-Warteschlange und dieselben Limits wie jedes andere Modul.',
          ],
          fr: [
            'Le bot de conversation',
            'Le bot de conversation répond aux questions posées simplement dans le chat, sans commande.\n\n- Écris des règles : un mot-clé, une phrase ou un motif, et la réponse.\n- Donne aux règles une priorité et des délais.\n- Ton offre fixe les réponses de conversation par mois (500, 5 000 ou 50 000).\n\nIl parle avec le compte bot de ta chaîne, via la même file de chat et les mêmes limites que les autres modules.',
          ],
          pt: [
            'O bot de conversa',
            'O bot de conversa responde a perguntas feitas normalmente no chat, sem comando.\n\n- Escreve regras: uma palavra-chave, uma frase ou um padrão, e a resposta.\n- Dá às regras uma prioridade e tempos de espera.\n- O teu plano define as respostas de conversa por mês (500, 5.000 ou 50.000).\n\nFala como a conta de bot do teu canal, pela mesma fila de chat e com os mesmos limites dos outros módulos.',
          ],
        },
      },
      {
        slug: 'raids',
        texts: {
          en: [
            'Raids and raid announcements',
            'On the **Raid Panel** search a live channel and start a raid; Twitch runs it after about 90 seconds, and you can cancel it until then.\n\n- One raid per channel per 24 hours.\n- The bot can announce the raid and give the raided channel a shoutout.\n- Incoming raids are listed with their viewer count as Twitch reports it.\n\nKick documents no raid API, so the Kick panel offers none.',
          ],
          de: [
            'Raids und Raid-Ankündigungen',
            'Suche im **Raid-Panel** einen Live-Kanal und starte einen Raid; Twitch führt ihn nach etwa 90 Sekunden aus, bis dahin kannst du ihn abbrechen.\n\n- Ein Raid pro Kanal alle 24 Stunden.\n- Der Bot kann den Raid ankündigen und dem geraideten Kanal einen Shoutout geben.\n- Eingehende Raids werden mit der Zuschauerzahl angezeigt, die Twitch meldet.\n\nKick dokumentiert keine Raid-Schnittstelle, deshalb bietet das Kick-Panel keine an.',
          ],
          fr: [
            'Raids et annonces de raid',
            'Dans le **Raid Panel**, cherche une chaîne en direct et lance un raid ; Twitch l’exécute après environ 90 secondes, et tu peux l’annuler d’ici là.\n\n- Un raid par chaîne toutes les 24 heures.\n- Le bot peut annoncer le raid et faire un shoutout à la chaîne raidée.\n- Les raids reçus sont listés avec le nombre de spectateurs publié par Twitch.\n\nKick ne documente pas d’API de raid, le panneau Kick n’en propose donc pas.',
          ],
          pt: [
            'Raids e anúncios de raid',
            'No **Raid Panel** procura um canal em direto e inicia um raid; a Twitch executa-o após cerca de 90 segundos e podes cancelá-lo até lá.\n\n- Um raid por canal a cada 24 horas.\n- O bot pode anunciar o raid e dar um shoutout ao canal.\n- Os raids recebidos aparecem com o número de espectadores que a Twitch indica.\n\nA Kick não documenta API de raid, por isso o painel Kick não a oferece.',
          ],
        },
      },
    ],
  },
  {
    slug: 'fair-play-and-privacy',
    icon: 'shield',
    iconColor: 'text-info',
    img: null,
    texts: {
      en: ['Fair play and privacy', 'Our rules: real audiences only, your tokens kept safe.'],
      de: ['Fair Play und Datenschutz', 'Unsere Regeln: nur echtes Publikum, deine Tokens sicher verwahrt.'],
      fr: ['Fair-play et confidentialité', 'Nos règles : uniquement un vrai public, tes jetons bien protégés.'],
      pt: ['Jogo limpo e privacidade', 'As nossas regras: só público real, os teus tokens bem guardados.'],
    },
    articles: [
      {
        slug: 'fair-play-rule',
        texts: {
          en: [
            'The fair-play rule',
            'The assistant helps you run **your own** channel. It never fakes an audience:\n\n- no viewer bots\n- no follow bots\n- no artificial chatters\n- no bought views\n\nNone of these will ever be added. Twitch and Kick forbid inflating viewer, follower or chat figures, and a tool that offered it would put every customer’s channel at risk. Every figure you see is read from the platform.',
          ],
          de: [
            'Die Fair-Play-Regel',
            'Der Assistent hilft dir, **deinen eigenen** Kanal zu betreiben. Er täuscht nie ein Publikum vor:\n\n- keine Zuschauer-Bots\n- keine Follow-Bots\n- keine künstlichen Chatter\n- keine gekauften Aufrufe\n\nNichts davon wird je hinzukommen. Twitch und Kick verbieten es, Zuschauer-, Follower- oder Chatzahlen aufzublähen, und ein Werkzeug, das so etwas anböte, würde den Kanal jedes Kunden gefährden. Jede Zahl, die du siehst, stammt von der Plattform.',
          ],
          fr: [
            'La règle du fair-play',
            'L’assistant t’aide à gérer **ta propre** chaîne. Il ne simule jamais d’audience :\n\n- pas de bots de spectateurs\n- pas de bots de follows\n- pas de faux chatteurs\n- pas de vues achetées\n\nRien de tout cela ne sera jamais ajouté. Twitch et Kick interdisent de gonfler les chiffres de spectateurs, d’abonnés ou de chat, et un outil qui le proposerait mettrait la chaîne de chaque client en danger. Chaque chiffre affiché vient de la plateforme.',
          ],
          pt: [
            'A regra do jogo limpo',
            'O assistente ajuda-te a gerir **o teu próprio** canal. Nunca simula público:\n\n- nada de bots de espectadores\n- nada de bots de follows\n- nada de chatters artificiais\n- nada de visualizações compradas\n\nNada disto será alguma vez adicionado. A Twitch e a Kick proíbem inflacionar números de espectadores, seguidores ou chat, e uma ferramenta que o oferecesse poria em risco o canal de cada cliente. Cada número que vês vem da plataforma.',
          ],
        },
      },
      {
        slug: 'tokens-and-privacy',
        texts: {
          en: [
            'Your tokens and data',
            '- Platform tokens are stored encrypted (AES-256-GCM) and never sent to your browser.\n- We ask only for the permissions the modules need.\n- Disconnecting a channel revokes its tokens at the platform.\n- Admin and reseller changes to accounts and licences are written to an audit log.',
          ],
          de: [
            'Deine Tokens und Daten',
            '- Plattform-Tokens werden verschlüsselt gespeichert (AES-256-GCM) und nie an deinen Browser geschickt.\n- Wir fragen nur die Rechte an, die die Module brauchen.\n- Wenn du einen Kanal trennst, werden seine Tokens bei der Plattform widerrufen.\n- Änderungen von Admins und Resellern an Konten und Lizenzen landen in einem Audit-Log.',
          ],
          fr: [
            'Tes jetons et tes données',
            '- Les jetons des plateformes sont chiffrés (AES-256-GCM) et jamais envoyés à ton navigateur.\n- Nous ne demandons que les droits dont les modules ont besoin.\n- Déconnecter une chaîne révoque ses jetons auprès de la plateforme.\n- Les modifications des admins et revendeurs sur les comptes et licences sont inscrites dans un journal d’audit.',
          ],
          pt: [
            'Os teus tokens e dados',
            '- Os tokens das plataformas são guardados cifrados (AES-256-GCM) e nunca enviados ao teu navegador.\n- Pedimos só as permissões de que os módulos precisam.\n- Desligar um canal revoga os seus tokens na plataforma.\n- As alterações de admins e revendedores a contas e licenças ficam registadas num registo de auditoria.',
          ],
        },
      },
    ],
  },
]

const LOCALES = ['en', 'de', 'fr', 'pt'] as const

/**
 * Seeds the FAQ and the knowledge base once, on a database that has neither: what admins
 * edit or delete afterwards is never put back at the next start.
 */
export async function seedHelp(db: Db): Promise<void> {
  const [faqCount] = await db.select({ n: count() }).from(faqCategories)
  const [kbCount] = await db.select({ n: count() }).from(kbCategories)
  if ((faqCount?.n ?? 0) > 0 || (kbCount?.n ?? 0) > 0) return
  await db.transaction(async (tx) => {
    for (const [position, c] of faqSeed.entries()) {
      const [row] = await tx.insert(faqCategories).values({ key: c.key, icon: c.icon, position }).returning({ id: faqCategories.id })
      const categoryId = row!.id
      await tx.insert(faqCategoryTexts).values(LOCALES.map((locale) => ({ categoryId, locale, title: c.texts[locale][0], subtitle: c.texts[locale][1] })))
      for (const [qPosition, q] of c.questions.entries()) {
        const [question] = await tx.insert(faqQuestions).values({ categoryId, position: qPosition }).returning({ id: faqQuestions.id })
        await tx.insert(faqQuestionTexts).values(LOCALES.map((locale) => ({ questionId: question!.id, locale, question: q[locale][0], answer: q[locale][1] })))
      }
    }
    for (const [position, c] of kbSeed.entries()) {
      const [row] = await tx
        .insert(kbCategories)
        .values({ slug: c.slug, icon: c.icon, iconColor: c.iconColor, img: c.img, position })
        .returning({ id: kbCategories.id })
      const categoryId = row!.id
      await tx.insert(kbCategoryTexts).values(LOCALES.map((locale) => ({ categoryId, locale, title: c.texts[locale][0], description: c.texts[locale][1] })))
      for (const [aPosition, a] of c.articles.entries()) {
        const [article] = await tx.insert(kbArticles).values({ categoryId, slug: a.slug, position: aPosition }).returning({ id: kbArticles.id })
        await tx
          .insert(kbArticleTexts)
          .values(LOCALES.map((locale) => ({ articleId: article!.id, locale, title: a.texts[locale][0], body: a.texts[locale][1] })))
      }
    }
  })
}
