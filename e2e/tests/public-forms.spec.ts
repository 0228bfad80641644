import { gameCopy } from '../../packages/contract/src/copy/game.ts';
import { messages } from '../../packages/contract/src/messages.ts';
import { siteMessages } from '../../packages/contract/src/site-messages.ts';
import { createStudent, expect, signIn, test, uniqueTelephone } from '../fixtures.ts';

/** The game's questions in Ukrainian, the language these tests speak. */
const QUIZ_QUESTIONS = gameCopy.questions;

test.describe('/future-teacher', () => {
  test('signed out: the client checks, then a sent application shows what happens next', async ({
    page,
  }) => {
    await page.goto('/future-teacher');
    await expect(page).toHaveTitle('Become a teacher | Urok');
    await expect(page.getByRole('heading', { level: 1, name: 'Become a teacher' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Submit application' });
    const fullName = page.getByLabel('Full name');
    const telephone = page.getByLabel('Telephone');

    // An empty form stops at the first field, with the message beside it.
    await submit.click();
    await expect(page.getByText(messages.fullNameRequired)).toBeVisible();
    await expect(fullName).toHaveAttribute('aria-invalid', 'true');
    await expect(fullName).toBeFocused();

    // A bad telephone is refused before anything is sent.
    await fullName.fill('Оксана Петренко');
    await telephone.fill('0501112233');
    await page.getByLabel('Email').fill('oksana.petrenko@example.com');
    await page.getByLabel('Subject').fill('Математика');
    await page.getByLabel('Motivation').fill('Хочу ділитися знаннями з учнями.');
    await submit.click();
    await expect(page.getByText('Please enter a valid telephone number.')).toBeVisible();
    await expect(telephone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(messages.fullNameRequired)).toHaveCount(0);

    // A too-short motivation is the next check.
    await telephone.fill(uniqueTelephone());
    await page.getByLabel('Motivation').fill('Коротко');
    await submit.click();
    await expect(page.getByText(messages.motivationRequired)).toBeVisible();
    await expect(page.getByText('Please enter a valid telephone number.')).toHaveCount(0);

    // A valid application: the server answers 201 with its message.
    await page.getByLabel('Motivation').fill('Хочу ділитися знаннями з учнями.');
    await page.getByLabel('Experience').fill('8 років у школі');
    const sent = page.waitForResponse((response) =>
      response.url().endsWith('/api/applications/teachers'),
    );
    await submit.click();
    const response = await sent;
    expect(response.status()).toBe(201);
    const body = (await response.json()) as {
      message: string;
      application: { status: string; fullName: string };
    };
    expect(body.application).toMatchObject({ status: 'pending', fullName: 'Оксана Петренко' });

    const heading = page.getByRole('heading', { name: 'Заявку надіслано' });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('status')).toContainText(body.message);
    await expect(page.getByRole('status')).toContainText(messages.applicationReceived);
    await expect(submit).toHaveCount(0);
    await page.getByRole('link', { name: 'На головну' }).click();
    await expect(page).toHaveURL(/\/start$/);
  });

  test('signed in as a student: the form is pre-filled from the account', async ({
    page,
    request,
  }) => {
    const student = await createStudent(request, 'Future Teacher');
    await signIn(page, student, '/future-teacher');
    await expect(page).toHaveURL(/\/future-teacher$/);
    await expect(page).toHaveTitle('Become a teacher | Urok');
    await expect(
      page.getByText('Контакти заповнено з вашого профілю — перевірте їх.'),
    ).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveValue('Future Teacher');
    await expect(page.getByLabel('Telephone')).toHaveValue(student.telephone);
    await expect(page.getByLabel('Email')).toHaveValue(`${student.telephone.slice(1)}@example.com`);
    await expect(page.getByLabel('Subject')).toHaveValue('');

    await page.getByLabel('Subject').fill('Історія');
    await page.getByLabel('Motivation').fill('Люблю пояснювати історію України.');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await expect(page.getByRole('heading', { name: 'Заявку надіслано' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(messages.applicationReceived);
    await page.getByRole('link', { name: 'До моїх курсів' }).click();
    await expect(page).toHaveURL(/\/my-courselist$/);
  });
});

test('the server refuses what the application form refuses', async ({ request }) => {
  const response = await request.post('/api/applications/teachers', {
    data: {
      fullName: 'Оксана Петренко',
      telephone: '0501112233',
      email: 'oksana@example.com',
      subject: 'Математика',
      experience: '',
      motivation: 'Хочу ділитися знаннями з учнями.',
    },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({ fields: { telephone: messages.telephoneInvalid } });
});

test.describe('/game', () => {
  test('answering every question gives the final score, and a replay starts over', async ({
    page,
  }) => {
    test.slow(); // ten questions
    await page.goto('/game');
    await expect(page).toHaveTitle('Game | Urok');
    await expect(page.getByRole('heading', { level: 1, name: 'Game' })).toBeVisible();
    const total = QUIZ_QUESTIONS.length;
    const answers = page.getByRole('list', { name: 'Варіанти відповіді' });
    const progress = page.getByRole('progressbar', { name: 'Прогрес вікторини' });
    await expect(progress).toHaveAttribute('aria-valuenow', '0');

    let score = 0;
    for (const [index, question] of QUIZ_QUESTIONS.entries()) {
      await expect(page.getByText(`Питання ${index + 1} з ${total}`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: question.question })).toBeVisible();
      // The first question is answered wrongly on purpose, the rest rightly.
      const right = question.options[question.answer]!;
      const choice = index === 0 ? question.options.find((option) => option !== right)! : right;
      await answers.getByRole('button', { name: choice, exact: true }).click();
      if (choice === right) {
        score += 1;
        await expect(page.getByRole('status')).toContainText('Правильно!');
      } else {
        await expect(page.getByRole('status')).toContainText(
          `Неправильно. Правильна відповідь: ${right}.`,
        );
      }
      await expect(page.getByText(`Рахунок: ${score}`, { exact: true })).toBeVisible();
      // Answered: the options are locked.
      await expect(answers.getByRole('button').first()).toBeDisabled();
      await expect(progress).toHaveAttribute('aria-valuenow', String(index + 1));
      const next = page.getByRole('button', {
        name: index + 1 < total ? 'Наступне питання' : 'Показати результат',
      });
      await expect(next).toBeFocused();
      await next.click();
    }

    expect(score).toBe(total - 1);
    await expect(page.getByRole('heading', { name: 'Вікторину завершено' })).toBeVisible();
    await expect(page.getByText(`Ваш результат: ${score} з ${total}`)).toBeVisible();
    await expect(page.getByText('Чудово! Ви справжній відмінник.')).toBeVisible();

    await page.getByRole('button', { name: 'Зіграти ще раз' }).click();
    await expect(page.getByText(`Питання 1 з ${total}`)).toBeVisible();
    await expect(page.getByText('Рахунок: 0', { exact: true })).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await expect(
      page.getByRole('heading', { level: 2, name: QUIZ_QUESTIONS[0]!.question }),
    ).toBeFocused();
    await expect(answers.getByRole('button').first()).toBeEnabled();
  });
});

test.describe('/donate', () => {
  test('a too-small amount is refused; a pledge shows the thank-you state', async ({ page }) => {
    await page.goto('/donate');
    await expect(page).toHaveTitle('Donate | Urok');
    await expect(page.getByRole('heading', { level: 1, name: 'Donate' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Обіцянка внеску' })).toBeVisible();
    const name = page.getByLabel('Name', { exact: true });
    const amount = page.getByLabel('Amount (UAH)');
    const submit = page.getByRole('button', { name: 'Pledge support' });

    await name.fill('Марія Іваненко');
    await amount.fill('5');
    await submit.click();
    await expect(page.getByText(siteMessages.pledgeAmountInvalid)).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toBeFocused();

    // Not a whole number either.
    await amount.fill('12.5');
    await submit.click();
    await expect(page.getByText(siteMessages.pledgeAmountInvalid)).toBeVisible();

    await amount.fill('250');
    await page.getByLabel('Message').fill('Дякую за курси!');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/pledges'));
    await submit.click();
    expect((await saved).status()).toBe(201);
    const thanks = page.getByRole('heading', { name: 'Дякуємо за підтримку!' });
    await expect(thanks).toBeVisible();
    await expect(thanks).toBeFocused();
    await expect(page.getByRole('status')).toHaveText('Дякуємо! Вашу обіцянку внеску збережено.');
    await expect(page.getByText('Марія Іваненко, 250 грн')).toBeVisible();

    // Another pledge starts from an empty form.
    await page.getByRole('button', { name: 'Make another pledge' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Amount (UAH)')).toHaveValue('');
  });

  test('a too-short name is refused before the amount', async ({ page }) => {
    await page.goto('/donate');
    await page.getByLabel('Name', { exact: true }).fill('M');
    await page.getByLabel('Amount (UAH)').fill('5');
    await page.getByRole('button', { name: 'Pledge support' }).click();
    await expect(page.getByText(siteMessages.pledgeNameInvalid)).toBeVisible();
    await expect(page.getByText(siteMessages.pledgeAmountInvalid)).toHaveCount(0);
  });
});

test('the server refuses a too-small pledge too', async ({ request }) => {
  const response = await request.post('/api/pledges', {
    data: { name: 'Марія Іваненко', amount: 5, message: '' },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({
    message: siteMessages.pledgeAmountInvalid,
    fields: { amount: siteMessages.pledgeAmountInvalid },
  });
});

test.describe('/loginn and /registerr', () => {
  test('/loginn signs a fresh student in and lands on /my-courselist', async ({
    page,
    request,
  }) => {
    const student = await createStudent(request, 'Alt Login');
    await page.goto('/loginn');
    await expect(page).toHaveTitle('Sign In | Urok');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await page.getByLabel('Telephone').fill(student.telephone);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/my-courselist$/);
    await expect(page.getByRole('button', { name: /Alt Login/ })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  test('/loginn checks the fields like /login', async ({ page }) => {
    await page.goto('/loginn');
    await page.getByLabel('Telephone').fill('0501112233');
    await page.getByLabel('Password', { exact: true }).fill('Secret2024');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid telephone number.')).toBeVisible();
    await expect(page).toHaveURL(/\/loginn$/);
  });

  test('/registerr registers a new user', async ({ page }) => {
    const telephone = uniqueTelephone();
    await page.goto('/registerr');
    await expect(page).toHaveTitle('Sign Up | Urok');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await page.getByLabel('Username').fill('Alt Register');
    await page.getByLabel('Email').fill(`${telephone.slice(1)}@example.com`);
    await page.getByLabel('Telephone').fill(telephone);
    await page.getByLabel('Password', { exact: true }).fill('Kyiv2024pass');
    await page.getByRole('textbox', { name: 'Confirm password' }).fill('Kyiv2024pass');
    await page.getByRole('checkbox', { name: /terms/ }).check();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/my-courselist$/);
    await expect(page.getByRole('button', { name: /Alt Register/ })).toContainText('Студент');

    // The account exists: it signs in through the API.
    const login = await page.request.post('/api/auth/login', {
      data: { telephone, password: 'Kyiv2024pass' },
    });
    expect(login.status()).toBe(200);
  });
});
